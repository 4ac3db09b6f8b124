import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { deliveredMails } from '../../../test/delivered-mail';
import type { MonitorEvent } from './monitor-event';
import { createMonitorNotifier, monitorMessage } from './monitor-notify.job';

/**
 * Monitor alerts are no relay: an address that is not one of the publisher's users gets a
 * confirmation link first and no alert before it confirms; subjects carry only a flattened,
 * length-limited monitor name.
 */
let t: TestApp;
let token: string;
const OUTSIDER = 'outsider@elsewhere.example';

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => {
  await t.close();
});

const monitor = (over: object = {}) => ({
  name: 'Shop',
  url: 'https://shop.northwind-news.example/',
  siteId: '5001',
  intervalSeconds: 300,
  timeoutSeconds: 10,
  retries: 1,
  acceptedStatusCodes: ['200-299'],
  certExpiryDays: 14,
  notifyEmails: [OUTSIDER, DEMO.multi],
  ...over,
});
const event = (monitorId: string, name = 'Shop'): MonitorEvent => ({
  change: 'down',
  monitorId,
  publisherId: '1001',
  siteId: '5001',
  name,
  url: 'https://shop.northwind-news.example/',
  at: new Date().toISOString(),
  reason: 'status 500 is not an accepted status',
  httpStatus: 500,
  certExpiresAt: null,
  incidentId: null,
});
/** Who the notifier would mail about a change of this monitor. */
async function alertedAddresses(monitorId: string, notifyEmails: string[]): Promise<string[]> {
  const to: string[] = [];
  const notify = createMonitorNotifier({
    jobs: { enqueue: async (_q: string, p: unknown) => void to.push((p as { to: string }).to) } as never,
    digest: { threshold: 1000, windowSeconds: 60 },
  });
  await t.db.transaction().execute((trx) => notify(trx, event(monitorId), notifyEmails));
  return to;
}
const link = async () => {
  // The outbox row holds the link redacted; the mail as delivered holds the token.
  const stored = await t.db.selectFrom('outbox').select(['text_body']).where('to_address', '=', OUTSIDER).execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.text_body).not.toMatch(/confirm\?token=[A-Za-z0-9_-]{8}/);
  const mails = deliveredMails(t.config.DATA_DIR, OUTSIDER);
  expect(mails).toHaveLength(1);
  const m = /\/api\/monitors\/recipients\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mails[0]!.text);
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]!);
};

describe('alert recipients confirm', () => {
  it('an outside address is pending, gets a link and no alert until it confirms; the users are alerted at once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/monitors', headers: bearer(token, '1001'), payload: monitor() });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as { id: string; pendingRecipients: string[] };
    expect(m.pendingRecipients).toEqual([OUTSIDER]);
    const secret = await link();
    // Stored hashed: the token itself is nowhere in the table.
    const rows = await t.db.selectFrom('monitor_recipients').selectAll().where('email', '=', OUTSIDER).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(secret);

    let to = await alertedAddresses(m.id, [OUTSIDER, DEMO.multi]);
    expect(to).not.toContain(OUTSIDER);
    expect(to).toContain(DEMO.multi);

    // The link's page asks; opening it (a mail scanner does) confirms nothing.
    const page = await t.app.inject({ method: 'GET', url: `/api/monitors/recipients/confirm?token=${encodeURIComponent(secret)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirm');
    expect(await alertedAddresses(m.id, [OUTSIDER])).not.toContain(OUTSIDER);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/monitors/recipients/confirm?token=${encodeURIComponent(secret)}`,
      headers: { 'content-type': 'text/plain' },
      payload: '',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.body).toContain('Alerts confirmed');
    to = await alertedAddresses(m.id, [OUTSIDER, DEMO.multi]);
    expect(to).toContain(OUTSIDER);
    const after = (await t.app.inject({ method: 'GET', url: `/api/monitors/${m.id}`, headers: bearer(token, '1001') })).json();
    expect(after.pendingRecipients).toEqual([]);

    // Single use; an unknown token is a 400 on `token`.
    const again = await t.app.inject({ method: 'POST', url: `/api/monitors/recipients/confirm?token=${encodeURIComponent(secret)}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toHaveProperty('token');
  });

  it('an unconfirmed address added to a monitor gets no alert (no relay to any address)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/monitors',
      headers: bearer(token, '1001'),
      payload: monitor({ name: 'Relay', notifyEmails: ['victim@target.example'] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await alertedAddresses(res.json().id, ['victim@target.example'])).not.toContain('victim@target.example');
  });

  it('subjects carry a flattened, length-limited monitor name', () => {
    const name = 'Shop\r\nBcc: all@victims.example\u0007 ' + 'Your account is locked, sign in at evil.example '.repeat(4);
    const { subject, text } = monitorMessage(event('x', name), 'Partners Center', 'http://partners.test');
    expect([...subject].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)).toBe(false);
    expect(subject.startsWith('Partners Center: Shop Bcc: all@victims.example ')).toBe(true);
    const shown = subject.replace('Partners Center: ', '').replace(/ is down$/, '');
    expect([...shown].length).toBeLessThanOrEqual(80);
    expect(shown.endsWith('…')).toBe(true);
    expect(text).not.toContain('\u0007');
  });
});
