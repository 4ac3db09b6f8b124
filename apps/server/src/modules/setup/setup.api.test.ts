import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupChecklist } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { AdsTxtCrawlerPort } from '../adstxt';

/** The redirection check answers "verified" without the network (the crawler has its own tests). */
const crawler: AdsTxtCrawlerPort = {
  async crawl() {
    return { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() };
  },
  async verifyRedirection() {
    return { status: 'verified' };
  },
};

let t: TestApp;
let single: string;
let multi: string;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ GET_IN_TOUCH_URL: 'https://contact.example/us' }, { adsTxtCrawler: crawler });
  single = (await signIn(t.app, DEMO.single)).idToken;
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  admin = (await signIn(t.app, DEMO.admin)).idToken;
});
afterAll(async () => t.close());

const checklist = async (token: string, publisher: string): Promise<SetupChecklist> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/setup', headers: bearer(token, publisher) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const stepOf = (c: SetupChecklist, siteId: string, id: string) => c.sites.find((s) => s.siteId === siteId)!.steps.find((s) => s.id === id)!;
const accountStep = (c: SetupChecklist, id: string) => c.account.find((s) => s.id === id)!;

describe('setup checklist', () => {
  it('starts from real state: the site is there, nothing else is done yet', async () => {
    const c = await checklist(single, '1002');
    expect(c.sites.map((s) => s.siteId)).toEqual(['5101']);
    expect(accountStep(c, 'site-added')).toMatchObject({ done: true, link: { href: '/services', external: false } });
    expect(accountStep(c, 'payment-settings').done).toBe(false);
    // Only Sasha signs in to Blue Harbor: inviting is asked of us (staff send invitations).
    expect(accountStep(c, 'teammate')).toMatchObject({ done: false, link: { href: 'https://contact.example/us', external: true } });
    expect(c.sites[0]!.steps.map((s) => [s.id, s.done])).toEqual([
      ['site-tag', false],
      ['ads-txt', false],
      ['monitor', false],
    ]);
    expect(c).toMatchObject({ done: 1, total: 6, complete: false });
  });

  it('moves step by step as the publisher sets up, and is complete when every step is done', async () => {
    const monitor = await t.app.inject({
      method: 'POST',
      url: '/api/monitors',
      headers: bearer(single, '1002'),
      payload: {
        name: 'Blue Harbor home',
        url: 'https://blueharbor.example/',
        siteId: '5101',
        intervalSeconds: 300,
        timeoutSeconds: 10,
        retries: 0,
        acceptedStatusCodes: ['200-299'],
        certExpiryDays: 0,
      },
    });
    expect(monitor.statusCode).toBe(201);
    let c = await checklist(single, '1002');
    expect(stepOf(c, '5101', 'monitor')).toMatchObject({ done: true, detail: '1 uptime monitor watches this site.' });
    expect(c.done).toBe(2);

    const domain = await t.db.selectFrom('adstxt_domains').select('id').where('site_id', '=', '5101').executeTakeFirstOrThrow();
    expect(stepOf(c, '5101', 'ads-txt').link.href).toBe(`/partners/adstxt?domain=${domain.id}`);
    const hosting = await t.app.inject({
      method: 'POST',
      url: `/api/adstxt/domains/${domain.id}/hosting`,
      headers: bearer(single, '1002'),
    });
    expect(hosting.statusCode).toBe(200);
    c = await checklist(single, '1002');
    expect(stepOf(c, '5101', 'ads-txt').done).toBe(false); // hosted, not yet verified
    const verify = await t.app.inject({ method: 'POST', url: `/api/adstxt/domains/${domain.id}/verify`, headers: bearer(single, '1002') });
    expect(verify.statusCode).toBe(200);
    c = await checklist(single, '1002');
    expect(stepOf(c, '5101', 'ads-txt').done).toBe(true);

    // The first site-tag event stamps the site (the collector does this; the site-tag suite tests it).
    expect(stepOf(c, '5101', 'site-tag').done).toBe(false);
    await t.db
      .updateTable('sites')
      .set({ event_tracker_data_received_at: new Date('2026-05-04T10:00:00Z') })
      .where('id', '=', '5101')
      .execute();
    c = await checklist(single, '1002');
    expect(stepOf(c, '5101', 'site-tag')).toMatchObject({ done: true, detail: expect.stringContaining('2026-05-04') });

    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/payment-settings',
      headers: bearer(single, '1002'),
      payload: {
        method: 'bank_transfer',
        beneficiaryName: 'Blue Harbor Media',
        payoutCurrency: 'EUR',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        vatNumber: 'DE136695976',
      },
    });
    expect(settings.statusCode).toBe(200);
    c = await checklist(single, '1002');
    expect(accountStep(c, 'payment-settings').done).toBe(true);
    expect(c).toMatchObject({ done: 5, complete: false });

    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: bearer(admin),
      payload: { email: 'teammate@blueharbor.example', publisherIds: ['1002'] },
    });
    expect(invite.statusCode).toBe(200);
    c = await checklist(single, '1002');
    expect(accountStep(c, 'teammate').done).toBe(true);
    expect(c).toMatchObject({ done: 6, total: 6, complete: true });
  });

  it('counts a monitor on the site’s host without a site link, and never one on another host', async () => {
    const body = (name: string, url: string) => ({
      name,
      url,
      intervalSeconds: 300,
      timeoutSeconds: 10,
      retries: 0,
      acceptedStatusCodes: ['200-299'],
      certExpiryDays: 0,
    });
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/monitors', headers: bearer(multi, '1001'), payload });
    expect((await post(body('Sport section', 'https://sport.northwind-news.example/live'))).statusCode).toBe(201);
    const c = await checklist(multi, '1001');
    expect(stepOf(c, '5002', 'monitor').done).toBe(true);
    // sport.northwind-news.example is not Northwind News's own host.
    expect(stepOf(c, '5001', 'monitor').done).toBe(false);
    expect(c.sites.map((s) => s.siteId)).toEqual(['5001', '5002']);
  });

  it('is scoped: another publisher is 403, staff may look at any publisher, and it is in the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/setup', headers: bearer(single, '1001') })).statusCode).toBe(403);
    expect((await checklist(staff, '1003')).sites.map((s) => s.siteId)).toEqual(['5201', '5202']);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths)).toContain('/api/setup');
  });
});
