import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Payment } from '@pc/contracts';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TEST_PUBLIC_CONFIG } from '../../../test/public-config.fixture';
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
});
