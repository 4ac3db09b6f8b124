import type { Logger } from 'pino';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/pool';
import { seedDemoPaymentSettings, type PaymentSettingsService } from '../modules/payment-settings';
import { seedDemoPayments as seedDemoMonthsOfPayments } from '../modules/payments';
import type { ReportEngine } from '../report-engine/report-engine';
import { DEMO_EMAILS } from './demo-data';

/**
 * The demo's payout details, then its payments through the real month close, both entered by the
 * demo admin: each area seeds its own tables, in this order (a payment keeps its payee at approval).
 */
export async function seedDemoPayments(
  db: Db,
  engine: ReportEngine,
  config: AppConfig,
  log: Logger,
  settings: PaymentSettingsService,
  today = new Date(),
): Promise<void> {
  const staff = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAILS.admin).executeTakeFirst();
  if (!staff) return;
  await seedDemoPaymentSettings(db, config.PAYMENT_DETAILS_KEYS, staff.id);
  const deps = { db, engine, defaultThreshold: config.PAYMENT_THRESHOLD_DEFAULT, settings };
  const periods = await seedDemoMonthsOfPayments(deps, staff.id, today);
  if (periods) log.info({ periods }, 'demo payments closed');
}
