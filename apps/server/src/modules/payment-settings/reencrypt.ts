import type { Db } from '../../db/pool';
import type { DetailsCipher } from './details-cipher';
import { paymentSettingsRepo } from './payment-settings.repo';

/**
 * Key rotation (docs/operations.md): rewrites every row not on the current key. Each row is
 * replaced only if it still holds the ciphertext that was read, so a save racing the rotation wins
 * and nothing is lost; running it again finds nothing to do.
 */
export async function reencryptPaymentDetails(db: Db, cipher: DetailsCipher): Promise<number> {
  const repo = paymentSettingsRepo(db);
  let n = 0;
  for (const row of await repo.rowsNotOnKey(cipher.currentKeyId)) {
    const plain = cipher.decrypt(row.bank_ciphertext, row.publisher_id);
    await repo.setCiphertext(row.publisher_id, row.bank_ciphertext, cipher.encrypt(plain, row.publisher_id));
    n += 1;
  }
  return n;
}
