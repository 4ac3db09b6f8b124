import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The one home of encryption at rest (AES-256-GCM): bank details (modules/payment-settings) and
 * webhook signing secrets (modules/integrations, lib/webhooks). The stored text is
 * `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts), so a key rotation only adds a key: the
 * first configured key encrypts, every configured key decrypts (docs/operations.md, "Rotating").
 * The associated data binds a value to where it belongs (a publisher id, a purpose): a ciphertext
 * copied elsewhere does not decrypt.
 */
export interface SecretBox {
  seal(plain: string, aad: string): string;
  open(stored: string, aad: string): string;
  /** Key id that encrypted `stored` (to find rows still on an old key). */
  keyIdOf(stored: string): string;
  currentKeyId: string;
  /** The value sealed with the current key: from an older key of the ring, the legacy source key, or plaintext. */
  reseal(stored: string, aad: string): string;
}

export const SEALED_PREFIX = 'v1.';
export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/**
 * The key earlier builds derived from a constant in their source when PAYMENT_DETAILS_KEYS was unset
 * outside production. It never encrypts any more: it only opens rows written by those builds, which
 * start-up re-encrypts with the configured key (upgradeSealedRows in secrets-at-rest-upgrade.ts).
 */
const LEGACY_SOURCE_KEY_ID = 'dev';
const LEGACY_SOURCE_KEY = createHash('sha256').update('partners-center-local-development-only').digest();

/** Parses `id:base64[,id:base64...]` (validated by config/env.ts) into the key ring. */
function parseKeys(setting: string): { keys: Map<string, Buffer>; currentKeyId: string } {
  const keys = new Map<string, Buffer>();
  const entries = setting.split(',').map((k) => k.trim());
  for (const entry of entries) {
    const [id, b64] = entry.split(':') as [string, string];
    keys.set(id, Buffer.from(b64, 'base64'));
  }
  return { keys, currentKeyId: entries[0]!.split(':')[0]! };
}

export class MissingKeyError extends Error {}

export function createSecretBox(keysSetting: string | null): SecretBox {
  if (!keysSetting)
    throw new MissingKeyError(
      'PAYMENT_DETAILS_KEYS is not set: bank details and webhook secrets cannot be encrypted (docs/operations.md, "Secrets at rest").',
    );
  const { keys, currentKeyId } = parseKeys(keysSetting);
  const b64u = (b: Buffer) => b.toString('base64url');
  const decrypt = (stored: string, aad: string, legacy: boolean) => {
    const [version, keyId, iv, tag, data] = stored.split('.');
    const key = keyId ? (keys.get(keyId) ?? (legacy && keyId === LEGACY_SOURCE_KEY_ID ? LEGACY_SOURCE_KEY : undefined)) : undefined;
    if (version !== 'v1' || !key || !iv || !tag || data === undefined)
      throw new Error(`value encrypted with an unknown key (${keyId ?? '?'})`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  };
  const box: SecretBox = {
    currentKeyId,
    seal(plain, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.get(currentKeyId)!, iv);
      cipher.setAAD(Buffer.from(aad));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', currentKeyId, b64u(iv), b64u(cipher.getAuthTag()), b64u(data)].join('.');
    },
    open: (stored, aad) => decrypt(stored, aad, false),
    keyIdOf(stored) {
      return stored.split('.')[1] ?? '';
    },
    reseal: (stored, aad) => box.seal(isSealed(stored) ? decrypt(stored, aad, true) : stored, aad),
  };
  return box;
}

/** Associated data of webhook signing secrets: a delivery row copies its subscription's sealed secret as is. */
export const WEBHOOK_SECRET_AAD = 'webhook-signing-secret';

/**
 * A stored webhook secret as plaintext. Rows written before secrets were sealed hold it in the
 * clear: they are read as they are until start-up seals them (secrets-at-rest-upgrade.ts).
 */
export const openWebhookSecret = (box: SecretBox, stored: string): string =>
  isSealed(stored) ? box.open(stored, WEBHOOK_SECRET_AAD) : stored;
