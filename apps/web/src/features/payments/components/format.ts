import { PAYMENT_STATUS_LABELS, formatMoney, formatMonth, type PaymentStatus } from '@pc/contracts';

/** Money, periods and days as every other surface shows them (packages/contracts display-format.ts). */
export const money = (n: number, currency: string) => formatMoney(n, currency);
export const STATUS_COLOR: Record<PaymentStatus, string> = {
  pending: 'blue',
  approved: 'teal',
  paid: 'green',
  on_hold: 'orange',
  rolled_over: 'gray',
};
export const statusLabel = (s: PaymentStatus) => PAYMENT_STATUS_LABELS[s];
export const periodLabel = (p: string) => formatMonth(p);

/** The last twelve ended months (YYYY-MM, UTC), newest first: the months staff may close. */
export function endedMonths(today = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1 - i, 1)).toISOString().slice(0, 7),
  );
}
