import type { Db } from './db/pool';
import { isSealed, WEBHOOK_SECRET_AAD, type SecretBox } from './lib/keys/secret-box';
import { secretsAtRestRepo } from './lib/keys/secrets-at-rest.repo';
import { resealPaymentDetails } from './modules/payment-settings';

/**
 * Brings secrets at rest onto the current key. `rotation: false` (every start): only what no
 * configured key may keep — bank details on the key earlier builds derived from their source, and
 * webhook secrets stored in the clear before they were sealed. `rotation: true` (the
 * reencrypt-payment-details command, after a new first key): every row not on the current key.
 * Each row is replaced only if it still holds what was read, so a save racing this wins. The bank
 * details are the payment-settings area's (its resealPaymentDetails); the webhook secrets are here.
 */
export async function upgradeSecretsAtRest(
  db: Db,
  box: SecretBox,
  opts: { rotation: boolean },
): Promise<{ paymentDetails: number; webhookSecrets: number }> {
  const paymentDetails = await resealPaymentDetails(db, box, opts);
  const secrets = secretsAtRestRepo(db);
  let webhookSecrets = 0;
  for (const row of await secrets.webhookSecretsNotOnKey(box.currentKeyId)) {
    if (!opts.rotation && isSealed(row.secret)) continue;
    await secrets.setWebhookSecret(row.table, row.id, row.secret, box.reseal(row.secret, WEBHOOK_SECRET_AAD));
    webhookSecrets += 1;
  }
  return { paymentDetails, webhookSecrets };
}
