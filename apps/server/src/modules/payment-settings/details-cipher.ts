import { createSecretBox } from '../../lib/keys/secret-box';

/**
 * Bank details at rest, sealed by the shared secret box (lib/keys/secret-box.ts, AES-256-GCM) with
 * the publisher id as associated data: a ciphertext copied to another publisher's row does not
 * decrypt. The key is PAYMENT_DETAILS_KEYS, or the demo's generated key (lib/keys/key-store.ts).
 */
export interface DetailsCipher {
  encrypt(plain: string, publisherId: string): string;
  decrypt(stored: string, publisherId: string): string;
  /** Key id that encrypted `stored` (to find rows still on an old key). */
  keyIdOf(stored: string): string;
  currentKeyId: string;
}

export function createDetailsCipher(keysSetting: string | null): DetailsCipher {
  const box = createSecretBox(keysSetting);
  return {
    currentKeyId: box.currentKeyId,
    encrypt: (plain, publisherId) => box.seal(plain, publisherId),
    decrypt: (stored, publisherId) => box.open(stored, publisherId),
    keyIdOf: (stored) => box.keyIdOf(stored),
  };
}
