import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing follows the Standard Webhooks recipe (https://www.standardwebhooks.com), so receivers
 * can verify with its libraries or with a few lines of their own:
 *
 *   signed  = `${webhook-id}.${webhook-timestamp}.${raw body}`
 *   key     = base64-decode(secret without its "whsec_" prefix)
 *   header  = "v1," + base64(HMAC-SHA256(key, signed))
 *
 * and refuse a timestamp more than 5 minutes from now (replays).
 */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
  /** Not part of the standard's signature; lets a receiver route before parsing the body. */
  event: 'webhook-event',
} as const;

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A new signing secret: "whsec_" + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
}

/** The value of the `webhook-signature` header. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * Checks a received webhook the way a receiver should (also used by our tests and the docs'
 * example): a fresh timestamp and one matching `v1,` signature among the space-separated ones
 * (several appear while a secret is rotated).
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const h = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = h(WEBHOOK_HEADERS.id);
  const ts = Number(h(WEBHOOK_HEADERS.timestamp));
  const given = h(WEBHOOK_HEADERS.signature);
  if (!id || !Number.isInteger(ts) || !given) return false;
  if (Math.abs(nowSeconds - ts) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, ts, body));
  return given.split(' ').some((candidate) => {
    const c = Buffer.from(candidate);
    return c.length === expected.length && timingSafeEqual(c, expected);
  });
}
