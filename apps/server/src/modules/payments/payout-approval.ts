import type { Db } from '../../db/pool';
import { HttpError } from '../../lib/http-error';
import { paymentApprovalsRepo } from './payment-approvals.repo';

/** How long after bank details are replaced a payout needs two staff approvals. */
export const FOUR_EYES_WINDOW_MS = 48 * 3600_000;

const sameVersion = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Four eyes on a payout (the payment row is locked by the caller). The staff member who entered
 * the bank details on file never approves the payout to them; within FOUR_EYES_WINDOW_MS of a
 * replacement of those details the first approval is only recorded and a second, by another
 * staff member, releases it. A first set-up replaces nothing and needs one approval (that is
 * the month-close journey of every new publisher). Approvals given for earlier details do not count.
 */
export async function decideApproval(
  trx: Db,
  uid: string,
  paymentId: string,
  bank: { setBy: string | null; replacedAt: Date | null },
  now = new Date(),
): Promise<{ release: boolean; approvals: number }> {
  if (bank.setBy === uid)
    throw new HttpError(
      403,
      "You entered this publisher's current bank details, so another staff member must approve its payouts.",
      'FourEyesRequired',
    );
  const repo = paymentApprovalsRepo(trx);
  const recent = bank.replacedAt !== null && now.getTime() - bank.replacedAt.getTime() < FOUR_EYES_WINDOW_MS;
  const others = (await repo.of(paymentId)).filter((a) => sameVersion(a.bank_version, bank.replacedAt));
  if (recent && others.some((a) => a.approved_by === uid))
    throw new HttpError(
      409,
      'You approved this payment already. The bank details changed in the last 48 hours, so a second staff member must approve it too.',
      'Conflict',
    );
  await repo.add(paymentId, uid, bank.replacedAt);
  const approvals = others.filter((a) => a.approved_by !== uid).length + 1;
  return { release: !recent || approvals >= 2, approvals };
}
