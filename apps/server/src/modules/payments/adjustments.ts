import type { AdjustmentRequest, PaymentAdjustment } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { badRequest, HttpError } from '../../lib/http-error';
import { nextPeriod, round2 } from './money';
import type { PaymentRow } from './payments.repo';
import { paymentsRepo } from './payments.repo';

const conflict = (message: string) => new HttpError(409, message, 'Conflict');

export const toAdjustment = (r: Awaited<ReturnType<ReturnType<typeof paymentsRepo>['adjustments']>>[number]): PaymentAdjustment => ({
  id: r.id,
  amount: Number(r.amount),
  reason: r.reason,
  createdBy: r.email,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Adds an adjustment to a locked payment row and recomputes it with the month close's rule:
 * total = revenue + rollover in + adjustments; at or above the threshold it is payable, below it
 * rolls over. Only before approval (an approved amount is what the payee snapshot was taken for;
 * hold it first), and a rolled-over month only while the next month is not closed yet (its
 * rollover has not been carried). Returns the audit details.
 */
export async function applyAdjustment(trx: Db, uid: string, row: PaymentRow, input: AdjustmentRequest) {
  const repo = paymentsRepo(trx);
  if (row.status === 'approved' || row.status === 'paid')
    throw conflict(`An ${row.status} payment cannot be adjusted${row.status === 'approved' ? '; put it on hold first' : ''}.`);
  const later = await repo.hasLaterOrSame(row.publisher_id, nextPeriod(row.period));
  if (row.status === 'rolled_over' && later)
    throw conflict(`The ${later} close already carried this month's rollover; adjust the ${later} payment instead.`);
  const adjustments = round2(Number(row.adjustments) + input.amount);
  const total = round2(Number(row.revenue) + Number(row.rollover_in) + adjustments);
  if (total < 0)
    throw badRequest('The payment would become negative.', {
      amount: `At most ${round2(total - input.amount).toFixed(2)} can be deducted.`,
    });
  const payable = total > 0 && total >= Number(row.threshold);
  // Below the threshold the month rolls over; that needs the next month still open.
  if (!payable && row.status !== 'rolled_over' && later)
    throw conflict(`This would put the payment below its threshold, but ${later} is already closed; adjust the ${later} payment instead.`);
  const status = payable ? (row.status === 'on_hold' ? 'on_hold' : 'pending') : 'rolled_over';
  await repo.addAdjustment(row.id, input.amount, input.reason, uid);
  await repo.update(row.id, {
    adjustments,
    amount: payable ? total : 0,
    rollover_out: payable ? 0 : total,
    status,
    ...(status === 'rolled_over' ? { hold_reason: null } : {}),
  });
  return { amount: input.amount, reason: input.reason, adjustments, total, from: row.status, to: status };
}
