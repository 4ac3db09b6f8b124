import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Where the demo keeps the key it generated (DATA_DIR/keys/payment-details.key, mode 0600). */
export const demoKeyFile = (dataDir: string) => path.join(dataDir, 'keys', 'payment-details.key');

export class KeySettingMissing extends Error {}

/**
 * The key ring for secrets at rest. PAYMENT_DETAILS_KEYS when set. Otherwise only the demo
 * (`npm start`, DEMO_DATA outside production) runs: it generates a random key into its data folder
 * on its first start and reads it back on every later one, so its data stays readable across
 * restarts and no key lives in the source. Any other start is refused with a message naming the
 * setting: a server must never encrypt with a key nobody chose. The command line (`existingDemoKey`)
 * works on a demo's data folder with the key the demo generated there, and never makes one.
 */
export function resolveSecretKeys(
  c: { PAYMENT_DETAILS_KEYS: string | null; DEMO_DATA: boolean; NODE_ENV: string; DATA_DIR: string },
  opts: { existingDemoKey?: boolean } = {},
): string {
  if (c.PAYMENT_DETAILS_KEYS) return c.PAYMENT_DETAILS_KEYS;
  if (opts.existingDemoKey && c.NODE_ENV !== 'production' && existsSync(demoKeyFile(c.DATA_DIR)))
    return readFileSync(demoKeyFile(c.DATA_DIR), 'utf8').trim();
  if (!c.DEMO_DATA || c.NODE_ENV === 'production')
    throw new KeySettingMissing(
      'Invalid configuration: PAYMENT_DETAILS_KEYS is not set. It encrypts bank details and webhook secrets at rest: ' +
        'set it to id:base64 of a 32-byte key (e.g. k1:$(openssl rand -base64 32)); only the demo (npm start) generates its own key.',
    );
  const file = demoKeyFile(c.DATA_DIR);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // The data folder with the default mode (embedded PostgreSQL's own user must reach its cluster
  // below it); only the keys folder is private. A recursive mkdir with 0700 made DATA_DIR 0700 too.
  mkdirSync(c.DATA_DIR, { recursive: true });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const setting = `demo-${randomBytes(3).toString('hex')}:${randomBytes(32).toString('base64')}`;
  // 'wx': two demo processes starting at once never overwrite each other's key.
  try {
    writeFileSync(file, `${setting}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  }
  chmodSync(file, 0o600);
  return setting;
}
