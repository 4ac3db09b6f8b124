import type { Db } from '../../db/pool';

/** SQL of staff approvals of a payout (the payment row is locked by the caller). */
export function paymentApprovalsRepo(db: Db) {
  return {
    async of(paymentId: string) {
      return db.selectFrom('payment_approvals').select(['approved_by', 'bank_version']).where('payment_id', '=', paymentId).execute();
    },
    async add(paymentId: string, uid: string, bankVersion: Date | null): Promise<void> {
      await db
        .insertInto('payment_approvals')
        .values({ payment_id: paymentId, approved_by: uid, bank_version: bankVersion })
        .onConflict((oc) => oc.columns(['payment_id', 'approved_by']).doUpdateSet({ bank_version: bankVersion, approved_at: new Date() }))
        .execute();
    },
    async clear(paymentId: string): Promise<void> {
      await db.deleteFrom('payment_approvals').where('payment_id', '=', paymentId).execute();
    },
  };
}
