import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Table } from '@mantine/core';
import { formatDateTime, type Payment, type PaymentAdjustment } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { AdjustmentRows } from './adjustment-rows';

// The rows read their lines through SWR; each test sets what the hook answers.
const state: { data?: PaymentAdjustment[]; error?: Error; isLoading: boolean; mutate: ReturnType<typeof vi.fn> } = {
  isLoading: false,
  mutate: vi.fn(),
};
vi.mock('../api/payments-api', () => ({ usePaymentAdjustments: () => state }));

const payment: Payment = {
  id: 'pay-1',
  publisherId: '1001',
  publisherName: 'Northwind News',
  period: '2026-09',
  currency: 'USD',
  revenue: 500,
  rolloverIn: 0,
  adjustments: 7.5,
  adjustmentLines: 2,
  amount: 507.5,
  rolloverOut: 0,
  threshold: 100,
  status: 'paid',
  holdReason: null,
  approvedAt: '2026-10-02T10:00:00.000Z',
  paidAt: '2026-10-15',
  method: 'Bank transfer',
  reference: 'PC-202609-1001',
};
const line = (over: Partial<PaymentAdjustment>): PaymentAdjustment => ({
  id: 'adj-1',
  amount: 20,
  reason: 'Make-good credit',
  createdBy: null,
  createdAt: '2026-10-01T09:00:00.000Z',
  editedBy: null,
  editedAt: null,
  ...over,
});
const renderRows = () =>
  renderWithProviders(
    <Table>
      <Table.Tbody>
        <AdjustmentRows publisherId="1001" payment={payment} />
      </Table.Tbody>
    </Table>,
  );

beforeEach(() => {
  state.data = undefined;
  state.error = undefined;
  state.isLoading = false;
  state.mutate = vi.fn();
});

describe('AdjustmentRows', () => {
  it('shows one row per line under its payment: amount in the payment currency, reason, and when it was corrected', () => {
    state.data = [line({}), line({ id: 'adj-2', amount: -12.5, reason: 'Invalid traffic removed', editedAt: '2026-10-03T08:00:00.000Z' })];
    renderRows();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toHaveAttribute('data-adjustment-of', 'pay-1');
    expect(within(rows[0]!).getByText('$20.00')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Make-good credit');
    expect(rows[0]).not.toHaveTextContent('corrected');
    expect(within(rows[1]!).getByText('-$12.50')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(`Invalid traffic removed (corrected ${formatDateTime('2026-10-03T08:00:00.000Z')})`);
  });

  it('shows a skeleton while loading and nothing when the payment has no lines', () => {
    state.isLoading = true;
    const { unmount } = renderRows();
    expect(screen.getByLabelText('Loading adjustments')).toBeInTheDocument();
    unmount();
    state.isLoading = false;
    state.data = [];
    renderRows();
    expect(screen.queryAllByRole('row')).toHaveLength(0);
  });

  it('says when the lines could not be loaded and Try again reloads them', () => {
    state.error = new Error('offline');
    renderRows();
    expect(screen.getByText(/could not be loaded/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.mutate).toHaveBeenCalledTimes(1);
  });
});
