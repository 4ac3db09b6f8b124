import type { Db } from '../../db/pool';
import type { SecretBox } from '../../lib/keys/secret-box';
import { paymentSettingsRepo } from './payment-settings.repo';

/** The key id earlier builds used for the key derived from their source (lib/keys/secret-box.ts). */
const LEGACY_KEY_ID = 'dev';

/**
 * Brings the stored bank details onto the current key. `rotation: false` (every start): only rows on
 * the key earlier builds derived from their source, which no configured ring may keep. `rotation: true`
 * (the reencrypt-payment-details command after a new first key, docs/operations.md): every row not
 * on the current key. Each row is replaced only if it still holds the ciphertext that was read, so a
 * save racing this wins and nothing is lost; running it again finds nothing to do.
 */
export async function resealPaymentDetails(db: Db, box: SecretBox, opts: { rotation: boolean }): Promise<number> {
  const repo = paymentSettingsRepo(db);
  let n = 0;
  for (const row of await repo.rowsNotOnKey(box.currentKeyId)) {
    if (!opts.rotation && box.keyIdOf(row.bank_ciphertext) !== LEGACY_KEY_ID) continue;
    await repo.setCiphertext(row.publisher_id, row.bank_ciphertext, box.reseal(row.bank_ciphertext, row.publisher_id));
    n += 1;
  }
  return n;
}
