import type { Logger } from 'pino';
import { DEMO_EMAILS } from './demo-data';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/pool';
import { createDetailsCipher } from '../modules/payment-settings/details-cipher';
import { paymentSettingsRepo } from '../modules/payment-settings/payment-settings.repo';
import { applyAdjustment } from '../modules/payments/adjustments';
import { closeMonth } from '../modules/payments/month-close';
import { paymentsRepo } from '../modules/payments/payments.repo';
import type { ReportEngine } from '../report-engine/report-engine';

/** Payment settings for three demo publishers (Summit has none, to show the empty state). */
const SETTINGS = [
  {
    id: '1001',
    method: 'bank_transfer',
    name: 'Northwind News Ltd',
    currency: 'USD',
    details: { iban: '', accountNumber: '000123456789', routingCode: '026009593', bic: 'BOFAUS3N', paypalEmail: '' },
    vat: null,
  },
  {
    id: '1002',
    method: 'bank_transfer',
    name: 'Blue Harbor Media GmbH',
    currency: 'EUR',
    details: { iban: 'DE89370400440532013000', accountNumber: '', routingCode: '', bic: 'COBADEFFXXX', paypalEmail: '' },
    vat: 'DE136695976',
  },
  {
    id: '1003',
    method: 'paypal',
    name: 'Evergreen Digital plc',
    currency: 'GBP',
    details: { iban: '', accountNumber: '', routingCode: '', bic: '', paypalEmail: 'payouts@evergreen-digital.example' },
    vat: 'GB980780684',
  },
] as const;

const monthsBack = (today: Date, n: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * Demo payments through the real month close (so the figures are the demo facts' finalized
 * revenue): the last four closed months, the older ones paid, one on hold, the newest pending.
 * Runs once: nothing happens when any payment exists.
 */
export async function seedDemoPayments(db: Db, engine: ReportEngine, config: AppConfig, log: Logger, today = new Date()): Promise<void> {
  if (await db.selectFrom('payments').select('id').limit(1).executeTakeFirst()) return;
  const staff = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAILS.admin).executeTakeFirst();
  if (!staff) return;
  const cipher = createDetailsCipher(config.PAYMENT_DETAILS_KEYS);
  for (const s of SETTINGS) {
    const id = s.details.iban || s.details.accountNumber || s.details.paypalEmail.split('@')[0]!;
    await paymentSettingsRepo(db).upsert(s.id, {
      method: s.method,
      beneficiary_name: s.name,
      payout_currency: s.currency,
      vat_number: s.vat,
      bank_ciphertext: cipher.encrypt(JSON.stringify(s.details), s.id),
      bank_last4: id.slice(-4),
      updated_by: staff.id,
    });
  }
  const todayIso = today.toISOString().slice(0, 10);
  const periods = [4, 3, 2, 1].map((n) => monthsBack(today, n));
  for (const period of periods)
    await closeMonth({ db, engine, defaultThreshold: config.PAYMENT_THRESHOLD_DEFAULT }, staff.id, period, todayIso);
  const repo = paymentsRepo(db);
  for (const [i, period] of periods.entries()) {
    for (const p of await repo.listForPeriod(period)) {
      if (p.status !== 'pending') continue;
      const snap = await paymentSettingsRepo(db).get(p.publisher_id);
      if (i === periods.length - 1) continue; // newest month: pending, for the staff screen
      if (p.publisher_id === '1002' && i === periods.length - 2) {
        // A deduction with its reason, so the statement shows an adjustment line (kept payable).
        if (Number(p.amount) - 12.5 >= Number(p.threshold))
          await applyAdjustment(db, staff.id, p, { amount: -12.5, reason: 'Invalid traffic removed after the monthly audit' });
        await repo.update(p.id, { status: 'on_hold', hold_reason: 'Tax form (W-8BEN-E) missing' });
        continue;
      }
      if (p.publisher_id === '1001' && i === 1)
        // A credit on one of Northwind's paid months, so its Payments page shows an adjustment line on npm start.
        await applyAdjustment(db, staff.id, p, { amount: 20, reason: 'Make-good credit for an ad-server outage on our side' });
      const payee = snap && {
        method: snap.method,
        beneficiaryName: snap.beneficiary_name,
        payoutCurrency: snap.payout_currency,
        account: `•••• ${snap.bank_last4}`,
        vatNumber: snap.vat_number,
        settingsUpdatedAt: snap.updated_at.toISOString(),
        ciphertext: snap.bank_ciphertext,
      };
      if (!payee) continue;
      const paidAt = `${period === periods[periods.length - 2] ? monthsBack(today, 0) : periods[i + 1]}-15`;
      const paid = paidAt <= todayIso;
      await repo.update(p.id, {
        status: paid ? 'paid' : 'approved',
        payee_snapshot: JSON.stringify(payee),
        approved_at: new Date(),
        approved_by: staff.id,
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
  log.info({ periods }, 'demo payments closed');
}
