import type { Db } from '../../db/pool';

export interface PaymentRow {
  id: string;
  publisher_id: string;
  publisher_name: string;
  period: string;
  currency: string;
  revenue: string;
  rollover_in: string;
  adjustments: string;
  adjustment_lines: number | string;
  approvals?: number | string | null;
  amount: string;
  rollover_out: string;
  threshold: string;
  site_revenue: { siteId: string; siteName: string; netRevenue: number }[];
  status: string;
  hold_reason: string | null;
  payee_snapshot: unknown;
  approved_at: Date | null;
  paid_at: string | null;
  method: string | null;
  reference: string | null;
}

export interface NewPayment {
  publisher_id: string;
  period: string;
  currency: string;
  revenue: number;
  rollover_in: number;
  amount: number;
  rollover_out: number;
  threshold: number;
  site_revenue: { siteId: string; siteName: string; netRevenue: number }[];
  status: 'pending' | 'rolled_over';
}

/** SQL of payments and month closes. Publisher-facing reads always take the checked publisher id. */
export function paymentsRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('payments as y')
      .innerJoin('publishers as p', 'p.id', 'y.publisher_id')
      .selectAll('y')
      .select('p.name as publisher_name')
      .select((eb) =>
        eb
          .selectFrom('payment_adjustments as a')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('a.payment_id', '=', 'y.id')
          .as('adjustment_lines'),
      )
      .select((eb) =>
        eb
          .selectFrom('payment_approvals as pa')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('pa.payment_id', '=', 'y.id')
          .as('approvals'),
      );
  return {
    async listForPublisher(publisherId: string): Promise<PaymentRow[]> {
      return (await base().where('y.publisher_id', '=', publisherId).orderBy('y.period', 'desc').execute()) as PaymentRow[];
    },
    async listForPeriod(period: string): Promise<PaymentRow[]> {
      return (await base().where('y.period', '=', period).orderBy('y.publisher_id').execute()) as PaymentRow[];
    },
    async get(id: string): Promise<PaymentRow | undefined> {
      return (await base().where('y.id', '=', id).executeTakeFirst()) as PaymentRow | undefined;
    },
    /** Locks the row for a status change (two staff clicking at once change it once). */
    async getForUpdate(id: string): Promise<PaymentRow | undefined> {
      return (await base().where('y.id', '=', id).forUpdate('y').executeTakeFirst()) as PaymentRow | undefined;
    },
    async latestBefore(publisherId: string, period: string) {
      return db
        .selectFrom('payments')
        .select(['period', 'rollover_out'])
        .where('publisher_id', '=', publisherId)
        .where('period', '<', period)
        .orderBy('period', 'desc')
        .executeTakeFirst();
    },
    async hasLaterOrSame(publisherId: string, period: string): Promise<string | null> {
      const row = await db
        .selectFrom('payments')
        .select('period')
        .where('publisher_id', '=', publisherId)
        .where('period', '>=', period)
        .orderBy('period')
        .executeTakeFirst();
      return row?.period ?? null;
    },
    /** ON CONFLICT DO NOTHING: closing a month twice creates nothing twice. Returns the new id or null. */
    async insert(p: NewPayment): Promise<string | null> {
      const row = await db
        .insertInto('payments')
        .values({ ...p, site_revenue: JSON.stringify(p.site_revenue) })
        .onConflict((oc) => oc.columns(['publisher_id', 'period']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },
    async recordClose(period: string, uid: string): Promise<boolean> {
      const row = await db
        .insertInto('month_closes')
        .values({ period, closed_by: uid })
        .onConflict((oc) => oc.column('period').doNothing())
        .returning('period')
        .executeTakeFirst();
      return row !== undefined;
    },
    async closes() {
      return db.selectFrom('month_closes').select(['period', 'closed_at']).orderBy('period', 'desc').limit(24).execute();
    },
    async update(
      id: string,
      set: Partial<{
        status: string;
        hold_reason: string | null;
        payee_snapshot: string | null;
        approved_at: Date | null;
        approved_by: string | null;
        paid_at: string | null;
        method: string | null;
        reference: string | null;
        adjustments: number;
        amount: number;
        rollover_out: number;
      }>,
    ): Promise<void> {
      await db.updateTable('payments').set(set).where('id', '=', id).execute();
    },
    async adjustments(paymentId: string) {
      return db
        .selectFrom('payment_adjustments as a')
        .leftJoin('users as u', 'u.id', 'a.created_by')
        .leftJoin('users as e', 'e.id', 'a.updated_by')
        .select(['a.id', 'a.amount', 'a.reason', 'a.created_at', 'a.updated_at', 'u.email', 'e.email as editor_email'])
        .where('a.payment_id', '=', paymentId)
        .orderBy('a.created_at')
        .orderBy('a.id')
        .execute();
    },
    /** One line of the payment (the payment row is already locked by the caller). */
    async adjustment(paymentId: string, adjustmentId: string) {
      return db
        .selectFrom('payment_adjustments')
        .select(['id', 'amount', 'reason'])
        .where('payment_id', '=', paymentId)
        .where('id', '=', adjustmentId)
        .executeTakeFirst();
    },
    async updateAdjustment(adjustmentId: string, amount: number, reason: string, uid: string): Promise<void> {
      await db
        .updateTable('payment_adjustments')
        .set({ amount, reason, updated_by: uid, updated_at: new Date() })
        .where('id', '=', adjustmentId)
        .execute();
    },
    async addAdjustment(paymentId: string, amount: number, reason: string, uid: string): Promise<void> {
      await db.insertInto('payment_adjustments').values({ payment_id: paymentId, amount, reason, created_by: uid }).execute();
    },
    async publishers() {
      return db.selectFrom('publishers').select(['id', 'name', 'currency']).orderBy('id').execute();
    },
    async thresholdOf(publisherId: string): Promise<number | null> {
      const row = await db.selectFrom('payment_settings').select('threshold').where('publisher_id', '=', publisherId).executeTakeFirst();
      return row?.threshold == null ? null : Number(row.threshold);
    },
  };
}
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;
