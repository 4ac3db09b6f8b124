import type { Db } from '../../../db/pool';
import type { ReportEngine } from '../../../report-engine/report-engine';
import type { PaymentSettingsService } from '../../payment-settings';
import { applyAdjustment } from '../adjustments';
import { closeMonth } from '../month-close';
import { paymentsRepo } from '../payments.repo';

const monthsBack = (today: Date, n: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * Demo payments through the real month close (so the figures are the demo facts' finalized
 * revenue): the last four closed months, the older ones paid, one on hold, the newest pending; each
 * paid one keeps its payee as approval does (`settings`). Runs once: nothing happens when any payment
 * exists. Returns the closed periods, or null when it did nothing.
 */
export async function seedDemoPayments(
  deps: { db: Db; engine: ReportEngine; defaultThreshold: number; settings: Pick<PaymentSettingsService, 'snapshot'> },
  staffId: string,
  today = new Date(),
): Promise<string[] | null> {
  const { db, engine, defaultThreshold, settings } = deps;
  if (await db.selectFrom('payments').select('id').limit(1).executeTakeFirst()) return null;
  const todayIso = today.toISOString().slice(0, 10);
  const periods = [4, 3, 2, 1].map((n) => monthsBack(today, n));
  for (const period of periods) await closeMonth({ db, engine, defaultThreshold }, staffId, period, todayIso);
  const repo = paymentsRepo(db);
  for (const [i, period] of periods.entries()) {
    for (const p of await repo.listForPeriod(period)) {
      if (p.status !== 'pending') continue;
      if (i === periods.length - 1) continue; // newest month: pending, for the staff screen
      if (p.publisher_id === '1002' && i === periods.length - 2) {
        // A deduction with its reason, so the statement shows an adjustment line (kept payable).
        if (Number(p.amount) - 12.5 >= Number(p.threshold))
          await applyAdjustment(db, staffId, p, { amount: -12.5, reason: 'Invalid traffic removed after the monthly audit' });
        await repo.update(p.id, { status: 'on_hold', hold_reason: 'Tax form (W-8BEN-E) missing' });
        continue;
      }
      if (p.publisher_id === '1001' && i === 1)
        // A credit on one of Northwind's paid months, so its Payments page shows an adjustment line on npm start.
        await applyAdjustment(db, staffId, p, { amount: 20, reason: 'Make-good credit for an ad-server outage on our side' });
      const payee = await settings.snapshot(db, p.publisher_id);
      if (!payee) continue;
      const paidAt = `${period === periods[periods.length - 2] ? monthsBack(today, 0) : periods[i + 1]}-15`;
      const paid = paidAt <= todayIso;
      await repo.update(p.id, {
        status: paid ? 'paid' : 'approved',
        payee_snapshot: JSON.stringify(payee),
        approved_at: new Date(),
        approved_by: staffId,
        ...(paid
          ? {
              paid_at: paidAt,
              method: payee.method === 'paypal' ? 'PayPal' : 'Bank transfer',
              reference: `PC-${period.replace('-', '')}-${p.publisher_id}`,
            }
          : {}),
      });
    }
  }
  return periods;
}
