import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment, PaymentsOverview } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PaymentsCard } from './payments-card';

const held: Payment = {
  id: 'pay-9',
  publisherId: '1002',
  publisherName: 'Contoso Media',
  period: '2026-08',
  currency: 'USD',
  revenue: 480,
  rolloverIn: 0,
  adjustments: 0,
  adjustmentLines: 0,
  amount: 480,
  rolloverOut: 0,
  threshold: 100,
  status: 'on_hold',
  holdReason: 'Tax form (W-8BEN-E) missing',
  approvedAt: null,
  paidAt: null,
  method: null,
  reference: null,
};
const overview = (payments: Payment[]): PaymentsOverview => ({
  currency: 'USD',
  threshold: 100,
  balance: 480,
  nextPayment: { period: '2026-08', amount: 480, status: 'on_hold' },
  lastPayment: null,
  payments,
});

function answer(body: PaymentsOverview) {
  configureApi(vi.fn(async () => body) as unknown as ApiClient);
}

describe('home payments card', () => {
  afterEach(() => vi.clearAllMocks());

  it('says why a payment is on hold and links to where the tax form is uploaded', async () => {
    answer(overview([held]));
    renderWithProviders(<PaymentsCard publisherId="1002" />);
    const note = await screen.findByTestId('home-hold-2026-08');
    expect(note).toBeVisible();
    expect(note).toHaveTextContent('Aug 2026 payment on hold: Tax form (W-8BEN-E) missing. Upload your tax form in Payment settings');
    expect(within(note).getByRole('link', { name: 'Upload your tax form in Payment settings' })).toHaveAttribute(
      'href',
      '/partners/payment-settings',
    );
  });

  it('shows no hold note when nothing is held', async () => {
    answer({
      ...overview([{ ...held, status: 'pending', holdReason: null }]),
      nextPayment: { period: '2026-08', amount: 480, status: 'pending' },
    });
    renderWithProviders(<PaymentsCard publisherId="1002" />);
    expect(await screen.findByTestId('home-next-payment')).toHaveTextContent('$480.00');
    expect(screen.queryByText(/on hold:/)).toBeNull();
  });

  it('shows the last payment with its amount and the day it was paid, not a raw date', async () => {
    answer({ ...overview([]), lastPayment: { period: '2026-07', amount: 1234.5, paidAt: '2026-08-15' } });
    renderWithProviders(<PaymentsCard publisherId="1002" />);
    expect(await screen.findByTestId('home-last-payment')).toHaveTextContent('$1,234.50');
    expect(screen.getByText('Jul 2026, paid Aug 15, 2026')).toBeVisible();
  });
});
