import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { TEST_PUBLIC_CONFIG } from '../../../../test/public-config.fixture';
import { PaymentsTable } from './payments-table';

const payment = (over: Partial<Payment>): Payment => ({
  id: 'pay-1',
  publisherId: '1002',
  publisherName: 'Contoso Media',
  period: '2026-08',
  currency: 'USD',
  revenue: 500,
  rolloverIn: 0,
  adjustments: 0,
  adjustmentLines: 0,
  amount: 500,
  rolloverOut: 0,
  threshold: 100,
  status: 'pending',
  holdReason: null,
  approvedAt: null,
  paidAt: null,
  method: null,
  reference: null,
  ...over,
});

describe('payments table', () => {
  it('shows why a payment is on hold as text, with a link to upload the missing tax form', () => {
    renderWithProviders(
      <PaymentsTable publisherId="1002" payments={[payment({ status: 'on_hold', holdReason: 'Tax form (W-8BEN-E) missing' })]} />,
    );
    const note = screen.getByTestId('hold-note-2026-08');
    expect(note).toBeVisible();
    expect(note).toHaveTextContent('On hold: Tax form (W-8BEN-E) missing. Upload your tax form in Payment settings');
    // A link: reachable by Tab and by a tap, unlike a tooltip on a badge.
    const fix = within(note).getByRole('link', { name: 'Upload your tax form in Payment settings' });
    expect(fix).toHaveAttribute('href', '/partners/payment-settings');
    expect(screen.getByText('On hold').closest('[title]')).toBeNull();
  });

  it('points any other hold to support, and a hold without a reason says so', () => {
    renderWithProviders(
      <PaymentsTable
        publisherId="1002"
        payments={[
          payment({ id: 'a', period: '2026-07', status: 'on_hold', holdReason: 'Traffic under review.' }),
          payment({ id: 'b', period: '2026-06', status: 'on_hold', holdReason: null }),
        ]}
      />,
    );
    const review = screen.getByTestId('hold-note-2026-07');
    expect(review).toHaveTextContent('On hold: Traffic under review. Ask support to release it');
    expect(within(review).getByRole('link', { name: 'Ask support to release it' })).toHaveAttribute(
      'href',
      TEST_PUBLIC_CONFIG.links.supportTicket,
    );
    expect(screen.getByTestId('hold-note-2026-06')).toHaveTextContent('On hold: no reason given.');
  });

  it('says why a month below the threshold shows nothing to pay, in the row itself', () => {
    renderWithProviders(
      <PaymentsTable publisherId="1002" payments={[payment({ status: 'rolled_over', amount: 0, rolloverOut: 42, revenue: 42 })]} />,
    );
    expect(screen.getByText('Below the $100.00 threshold: $42.00 carried to the next month')).toBeVisible();
    expect(screen.queryByText(/On hold/)).toBeNull();
  });

  it('sorts money by its amount and dates by date, from a header click or Enter, with aria-sort', async () => {
    renderWithProviders(
      <PaymentsTable
        publisherId="1002"
        payments={[
          payment({ id: 'p1', period: '2026-08', amount: 900, status: 'paid', paidAt: '2026-09-15' }),
          payment({ id: 'p2', period: '2026-10', amount: 12500.5, status: 'pending' }),
          payment({ id: 'p3', period: '2026-09', amount: 42, status: 'rolled_over', rolloverOut: 42 }),
          payment({ id: 'p4', period: '2025-12', amount: 1000, status: 'paid', paidAt: '2026-01-15' }),
        ]}
      />,
    );
    const periods = () =>
      within(screen.getByRole('table', { name: 'Payments' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

    // Largest first: 12,500.50 before 1,000 before 900 (as text "900" would come first), a rolled-over month shows and sorts as 0.
    fireEvent.click(within(header('Amount')).getByRole('button'));
    expect(header('Amount')).toHaveAttribute('aria-sort', 'descending');
    const byAmount = periods();
    fireEvent.click(within(header('Amount')).getByRole('button'));
    expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending');
    expect(periods()).toEqual([...byAmount].reverse());
    expect(byAmount.map((text) => text?.slice(0, 3))).toEqual(['Oct', 'Dec', 'Aug', 'Sep']);

    // Periods by date: December 2025 is before August 2026, though "2025-12" and "Dec" read otherwise.
    const user = userEvent.setup();
    within(header('Period')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Period')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Amount')).toHaveAttribute('aria-sort', 'none');
    expect(periods().map((text) => text?.slice(0, 3))).toEqual(['Oct', 'Sep', 'Aug', 'Dec']);
    await user.keyboard('{Enter}');
    expect(header('Period')).toHaveAttribute('aria-sort', 'ascending');
    expect(periods().map((text) => text?.slice(0, 3))).toEqual(['Dec', 'Aug', 'Sep', 'Oct']);

    // Paid on: unpaid rows last in either direction.
    fireEvent.click(within(header('Paid on')).getByRole('button'));
    expect(periods().map((text) => text?.slice(0, 3))).toEqual(['Aug', 'Dec', 'Oct', 'Sep']);
  });
});
