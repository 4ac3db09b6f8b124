import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@pc/contracts';

export const money = (n: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(n);
export const STATUS_COLOR: Record<PaymentStatus, string> = {
  pending: 'blue',
  approved: 'teal',
  paid: 'green',
  on_hold: 'orange',
  rolled_over: 'gray',
};
export const statusLabel = (s: PaymentStatus) => PAYMENT_STATUS_LABELS[s];
export const periodLabel = (p: string) =>
  new Date(`${p}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The last twelve ended months (YYYY-MM, UTC), newest first: the months staff may close. */
export function endedMonths(today = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1 - i, 1)).toISOString().slice(0, 7),
  );
}
