import type { Db } from '../../../db/pool';
import { createDetailsCipher } from '../details-cipher';
import { paymentSettingsRepo } from '../payment-settings.repo';

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

/**
 * The demo publishers' payout details, sealed with the configured key ring (`keys`, as the area's
 * service seals them), entered by `staffId`. Runs once: nothing happens when any of them has settings,
 * so details a demo user changed survive a restart.
 */
export async function seedDemoPaymentSettings(db: Db, keys: string | null, staffId: string): Promise<void> {
  const repo = paymentSettingsRepo(db);
  for (const s of SETTINGS) if (await repo.get(s.id)) return;
  const cipher = createDetailsCipher(keys);
  for (const s of SETTINGS) {
    const id = s.details.iban || s.details.accountNumber || s.details.paypalEmail.split('@')[0]!;
    await repo.upsert(s.id, {
      method: s.method,
      beneficiary_name: s.name,
      payout_currency: s.currency,
      vat_number: s.vat,
      bank_ciphertext: cipher.encrypt(JSON.stringify(s.details), s.id),
      bank_last4: id.slice(-4),
      updated_by: staffId,
    });
  }
}
