import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for bank details at rest. The stored text is
 * `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts), so a key rotation only adds a key: the
 * first configured key encrypts, every configured key decrypts (docs/operations.md, "Rotating").
 * The publisher id is bound as associated data: a ciphertext copied to another publisher's row
 * does not decrypt.
 */
export interface DetailsCipher {
  encrypt(plain: string, publisherId: string): string;
  decrypt(stored: string, publisherId: string): string;
  /** Key id that encrypted `stored` (to find rows still on an old key). */
  keyIdOf(stored: string): string;
  currentKeyId: string;
}

/** Used only when PAYMENT_DETAILS_KEYS is unset outside production (config refuses that in production). */
const DEV_KEY = `dev:${createHash('sha256').update('partners-center-local-development-only').digest('base64')}`;

export function createDetailsCipher(keysSetting: string | null): DetailsCipher {
  const keys = new Map<string, Buffer>();
  const entries = (keysSetting ?? DEV_KEY).split(',').map((k) => k.trim());
  for (const entry of entries) {
    const [id, b64] = entry.split(':') as [string, string];
    keys.set(id, Buffer.from(b64, 'base64'));
  }
  const currentKeyId = entries[0]!.split(':')[0]!;
  const b64u = (b: Buffer) => b.toString('base64url');
  return {
    currentKeyId,
    encrypt(plain, publisherId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.get(currentKeyId)!, iv);
      cipher.setAAD(Buffer.from(publisherId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', currentKeyId, b64u(iv), b64u(cipher.getAuthTag()), b64u(data)].join('.');
    },
    decrypt(stored, publisherId) {
      const [version, keyId, iv, tag, data] = stored.split('.');
      const key = keyId ? keys.get(keyId) : undefined;
      if (version !== 'v1' || !key || !iv || !tag || data === undefined)
        throw new Error(`bank details encrypted with an unknown key (${keyId ?? '?'})`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(publisherId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyIdOf(stored) {
      return stored.split('.')[1] ?? '';
    },
  };
}
