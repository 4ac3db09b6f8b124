import { formatMoney, formatMonth, type AdjustmentRequest, type PaymentAdjustment } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { nextPeriod, round2 } from './money';
import type { PaymentRow } from './payments.repo';
import { paymentsRepo } from './payments.repo';

const conflict = (message: string) => new HttpError(409, message, 'Conflict');
type AdjustmentLineRow = Awaited<ReturnType<ReturnType<typeof paymentsRepo>['adjustments']>>[number];

/** `internal` = the caller is provider staff; a publisher is not told which staff member adjusted. */
export const toAdjustment = (r: AdjustmentLineRow, internal = true): PaymentAdjustment => ({
  id: r.id,
  amount: Number(r.amount),
  reason: r.reason,
  createdBy: internal ? r.email : null,
  createdAt: new Date(r.created_at).toISOString(),
  editedBy: internal && r.updated_at ? r.editor_email : null,
  editedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
});

/**
 * Changes a locked payment row's adjustment sum by `delta` and recomputes it with the month close's
 * rule: total = revenue + rollover in + adjustments; at or above the threshold it is payable, below
 * it rolls over. Only before approval (an approved amount is what the payee snapshot was taken for;
 * hold it first), and a rolled-over month only while the next month is not closed yet (its rollover
 * has not been carried). `negative(total)` words the 400 when the payment would drop below zero.
 */
async function recompute(trx: Db, row: PaymentRow, delta: number, negative: (currentTotal: number) => string) {
  const repo = paymentsRepo(trx);
  if (row.status === 'approved' || row.status === 'paid')
    throw conflict(`An ${row.status} payment cannot be adjusted${row.status === 'approved' ? '; put it on hold first' : ''}.`);
  const later = await repo.hasLaterOrSame(row.publisher_id, nextPeriod(row.period));
  if (row.status === 'rolled_over' && later)
    throw conflict(
      `The ${formatMonth(later)} close already carried this month's rollover; adjust the ${formatMonth(later)} payment instead.`,
    );
  const adjustments = round2(Number(row.adjustments) + delta);
  const total = round2(Number(row.revenue) + Number(row.rollover_in) + adjustments);
  if (total < 0) throw badRequest('The payment would become negative.', { amount: negative(round2(total - delta)) });
  const payable = total > 0 && total >= Number(row.threshold);
  // Below the threshold the month rolls over; that needs the next month still open.
  if (!payable && row.status !== 'rolled_over' && later)
    throw conflict(
      `This would put the payment below its threshold, but ${formatMonth(later)} is already closed; adjust the ${formatMonth(later)} payment instead.`,
    );
  const status = payable ? (row.status === 'on_hold' ? 'on_hold' : 'pending') : 'rolled_over';
  return {
    adjustments,
    total,
    status,
    /** Writes the recomputed payment; call after the line itself is written. */
    save: () =>
      repo.update(row.id, {
        adjustments,
        amount: payable ? total : 0,
        rollover_out: payable ? 0 : total,
        status,
        ...(status === 'rolled_over' ? { hold_reason: null } : {}),
      }),
  };
}

/** Adds an adjustment line to a locked payment row and recomputes it. Returns the audit details. */
export async function applyAdjustment(trx: Db, uid: string, row: PaymentRow, input: AdjustmentRequest) {
  const r = await recompute(trx, row, input.amount, (t) => `At most ${formatMoney(t, row.currency)} can be deducted.`);
  await paymentsRepo(trx).addAdjustment(row.id, input.amount, input.reason, uid);
  await r.save();
  return { amount: input.amount, reason: input.reason, adjustments: r.adjustments, total: r.total, from: row.status, to: r.status };
}

/**
 * Corrects one line of a locked payment row (amount and/or reason) under the same rules as adding
 * one: the payment is recomputed by the difference. Returns the audit details (before and after),
 * or null when nothing changed (nothing is written or audited).
 */
export async function editAdjustment(trx: Db, uid: string, row: PaymentRow, adjustmentId: string, input: AdjustmentRequest) {
  const repo = paymentsRepo(trx);
  const line = /^[0-9a-f-]{36}$/i.test(adjustmentId) ? await repo.adjustment(row.id, adjustmentId) : undefined;
  if (!line) throw notFound('This adjustment does not exist on this payment.');
  const before = { amount: Number(line.amount), reason: line.reason };
  if (before.amount === input.amount && before.reason === input.reason) return null;
  const r = await recompute(
    trx,
    row,
    round2(input.amount - before.amount),
    (t) => `This line can deduct at most ${formatMoney(round2(t - before.amount), row.currency)}.`,
  );
  await repo.updateAdjustment(line.id, input.amount, input.reason, uid);
  await r.save();
  return {
    adjustmentId: line.id,
    before,
    after: { amount: input.amount, reason: input.reason },
    adjustments: r.adjustments,
    total: r.total,
    from: row.status,
    to: r.status,
  };
}
