import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, verifyWebhook, WEBHOOK_HEADERS } from './webhook-signature';

describe('webhook signatures', () => {
  const secret = generateWebhookSecret();
  const now = 1_800_000_000;
  const body = '{"id":"d1","type":"webhook.test"}';
  const headers = (sig = signWebhook(secret, 'd1', now, body), ts = now) => ({
    [WEBHOOK_HEADERS.id]: 'd1',
    [WEBHOOK_HEADERS.timestamp]: String(ts),
    [WEBHOOK_HEADERS.signature]: sig,
  });

  it('matches the documented recipe (base64 HMAC-SHA256 of id.timestamp.body with the decoded secret)', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const byHand = 'v1,' + createHmac('sha256', key).update(`d1.${now}.${body}`).digest('base64');
    expect(signWebhook(secret, 'd1', now, body)).toBe(byHand);
    expect(verifyWebhook(secret, headers(), body, now)).toBe(true);
  });

  it('refuses a changed body, another secret, a stale timestamp and missing headers', () => {
    expect(verifyWebhook(secret, headers(), body + ' ', now)).toBe(false);
    expect(verifyWebhook(generateWebhookSecret(), headers(), body, now)).toBe(false);
    expect(verifyWebhook(secret, headers(signWebhook(secret, 'd1', now - 301, body), now - 301), body, now)).toBe(false);
    expect(verifyWebhook(secret, { [WEBHOOK_HEADERS.id]: 'd1' }, body, now)).toBe(false);
  });

  it('accepts any one of several signatures (secret rotation)', () => {
    const both = `v1,bm9wZQ== ${signWebhook(secret, 'd1', now, body)}`;
    expect(verifyWebhook(secret, headers(both), body, now)).toBe(true);
  });
});
