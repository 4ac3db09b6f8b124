import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;
let single: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ STAFF_NOTIFY_EMAIL: 'success@provider.test' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST';
const call = (token: string, publisher: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const siteOf = async (publisher: string, siteId: string) => {
  const res = await call(multi, publisher, 'GET', '/api/services');
  expect(res.statusCode).toBe(200);
  return (res.json().sites as { siteId: string; planStatus: string; isSiteActivated: boolean; product: { status: string } }[]).find(
    (s) => s.siteId === siteId,
  )!;
};
const drainMail = async () => {
  while ((await t.built.workers.servicesMail.drain()) > 0);
};
const audits = async (action: string) =>
  (await t.db.selectFrom('audit_log').select(['action', 'publisher_id']).where('action', '=', action).execute()).length;
const outboxTo = async (to: string) => t.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', to).execute();

describe('services catalogue and activation', () => {
  it('lists the catalogue with each site Non-Onboarded at first', async () => {
    const res = await call(multi, '1001', 'GET', '/api/services');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.services.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(['audience', 'performance', 'ads-txt', 'observability', 'blocking', 'data-integration']),
    );
    expect(body.sites.map((s: { siteId: string }) => s.siteId)).toEqual(['5001', '5002']);
    expect(body.sites[0]).toMatchObject({ planStatus: 'Non-Onboarded', isSiteActivated: false, product: { status: 'NOT_ACTIVATED' } });
  });

  it('activation: PENDING with audit row and job in one go, ACTIVATED by the job, activated only once data arrives', async () => {
    const res = await call(multi, '1001', 'POST', '/api/services/audience/activation', { siteIds: ['5002'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pending: ['5002'], alreadyActive: [] });
    expect(res.json().tag[0].snippet).toMatch(/<script async src="http:\/\/partners\.test\/t\/[0-9a-f]+\.js"><\/script>/);
    expect(await audits('service.activate')).toBe(1);
    expect((await siteOf('1001', '5002')).product.status).toBe('PENDING');

    await t.built.workers.serviceActivations.drain();
    let site = await siteOf('1001', '5002');
    expect(site).toMatchObject({
      product: { status: 'ACTIVATED', eventTrackerDataReceived: false },
      isSiteActivated: false,
      planStatus: 'Non-Onboarded',
    });
    await drainMail();
    expect((await outboxTo('multi@demo.example')).some((m) => m.subject.includes('install the site tag'))).toBe(true);

    // The first tag event stamps eventTrackerDataReceived: now the product is activated.
    await t.db.updateTable('sites').set({ event_tracker_data_received_at: new Date() }).where('id', '=', '5002').execute();
    site = await siteOf('1001', '5002');
    expect(site).toMatchObject({ isSiteActivated: true, planStatus: 'Site Integration' });

    const again = await call(multi, '1001', 'POST', '/api/services/audience/activation', { siteIds: ['5002'] });
    expect(again.json()).toMatchObject({ pending: [], alreadyActive: ['5002'] });
    expect(await audits('service.activate')).toBe(1);
  });

  it('data received without activation is not activated', async () => {
    await t.db.updateTable('sites').set({ event_tracker_data_received_at: new Date() }).where('id', '=', '5001').execute();
    expect(await siteOf('1001', '5001')).toMatchObject({
      isSiteActivated: false,
      product: { status: 'NOT_ACTIVATED', eventTrackerDataReceived: true },
    });
  });

  it('data integration: initiate (staff mailed), confirm by staff -> onboarded; cancel; conflicts', async () => {
    const body = {
      siteId: '5002',
      dataSource: 'Google Analytics 4',
      contactName: 'Dana Reyes',
      contactEmail: 'dana@northwind-news.example',
    };
    const init = await call(multi, '1001', 'POST', '/api/services/data-integration/integrations', body);
    expect(init.statusCode).toBe(200);
    expect(init.json()).toMatchObject({ status: 'INITIATED', siteId: '5002', confirmedAt: null });
    const dup = await call(multi, '1001', 'POST', '/api/services/data-integration/integrations', body);
    expect(dup.statusCode).toBe(409);
    await drainMail();
    expect((await outboxTo('success@provider.test')).some((m) => m.text_body.includes('Google Analytics 4'))).toBe(true);

    // Staff see it pending and confirm it; the publisher cannot confirm.
    const mediaOwnerConfirm = await call(multi, '1001', 'POST', `/api/staff/data-integrations/${init.json().id}/confirm`);
    expect(mediaOwnerConfirm.statusCode).toBe(403);
    const pending = await call(staff, undefined, 'GET', '/api/staff/data-integrations?status=INITIATED');
    expect(pending.json().map((i: { id: string }) => i.id)).toContain(init.json().id);
    const confirm = await call(staff, undefined, 'POST', `/api/staff/data-integrations/${init.json().id}/confirm`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().confirmedAt).not.toBeNull();
    expect(await siteOf('1001', '5002')).toMatchObject({ isOnboardedOnDMoc: true, planStatus: 'Fully Onboarded' });
    expect((await call(staff, undefined, 'POST', `/api/staff/data-integrations/${init.json().id}/confirm`)).statusCode).toBe(409);
    expect((await call(multi, '1001', 'POST', `/api/services/data-integration/integrations/${init.json().id}/cancel`)).statusCode).toBe(
      409,
    );

    // 5001: initiate then cancel -> not onboarded; a new one may start afterwards.
    const other = await call(multi, '1001', 'POST', '/api/services/data-integration/integrations', { ...body, siteId: '5001' });
    const cancel = await call(multi, '1001', 'POST', `/api/services/data-integration/integrations/${other.json().id}/cancel`);
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED', cancelledAt: expect.any(String) });
    expect(await siteOf('1001', '5001')).toMatchObject({ isOnboardedOnDMoc: false, planStatus: 'Non-Onboarded' });
    expect((await call(multi, '1001', 'POST', '/api/services/data-integration/integrations', { ...body, siteId: '5001' })).statusCode).toBe(
      200,
    );
    expect(await audits('data_integration.initiate')).toBe(3);
    expect(await audits('data_integration.confirm')).toBe(1);
    expect(await audits('data_integration.cancel')).toBe(1);

    const detail = await call(multi, '1001', 'GET', '/api/services/data-integration');
    expect(detail.json().dataIntegrations).toHaveLength(3);
    expect(detail.json().sites.find((s: { siteId: string }) => s.siteId === '5002').service.status).toBe('ACTIVATED');
  });

  it('product demo and data-source requests reach staff (outbox and staff list)', async () => {
    const demo = await call(multi, '1001', 'POST', '/api/services/requests', {
      kind: 'product_demo',
      serviceId: 'performance',
      message: 'Tuesday?',
    });
    expect(demo.statusCode).toBe(200);
    const source = await call(multi, '1001', 'POST', '/api/services/requests', { kind: 'data_source', dataSource: 'Piano' });
    expect(source.statusCode).toBe(200);
    const bad = await call(multi, '1001', 'POST', '/api/services/requests', { kind: 'data_source' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('dataSource');
    await drainMail();
    const mails = await outboxTo('success@provider.test');
    expect(mails.some((m) => m.subject.includes('product demo of Site performance'))).toBe(true);
    expect(mails.some((m) => m.subject.includes('"Piano"'))).toBe(true);
    const list = await call(staff, undefined, 'GET', '/api/staff/service-requests');
    expect(list.json().map((r: { kind: string }) => r.kind)).toEqual(['data_source', 'product_demo']);
    expect((await call(multi, '1001', 'GET', '/api/staff/service-requests')).statusCode).toBe(403);
  });

  it('bad input is 400 with fields; unknown service 404', async () => {
    const empty = await call(multi, '1001', 'POST', '/api/services/audience/activation', { siteIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('siteIds');
    const unknown = await call(multi, '1001', 'POST', '/api/services/audience/activation', { siteIds: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect((await call(multi, '1001', 'GET', '/api/services/teleport')).statusCode).toBe(404);
    const badMail = await call(multi, '1001', 'POST', '/api/services/data-integration/integrations', {
      siteId: '5001',
      dataSource: 'x',
      contactName: '',
      contactEmail: 'no',
    });
    expect(badMail.statusCode).toBe(400);
    expect(Object.keys(badMail.json().fields)).toEqual(expect.arrayContaining(['dataSource', 'contactName', 'contactEmail']));
  });

  it('scoping: 403 across publishers on every route', async () => {
    // single (1002) names 1001 in the header: refused before anything runs.
    for (const [method, url] of [
      ['GET', '/api/services'],
      ['GET', '/api/services/audience'],
      ['POST', '/api/services/audience/activation'],
      ['POST', '/api/services/requests'],
      ['POST', '/api/services/data-integration/integrations'],
    ] as const)
      expect((await call(single, '1001', method, url, { siteIds: ['5001'] })).statusCode).toBe(403);
    // Within its own publisher, another publisher's site or integration is refused as unknown
    // (400 for a site named in the body, 404 for an integration in the path): nothing of it is touched.
    expect((await call(single, '1002', 'POST', '/api/services/audience/activation', { siteIds: ['5001'] })).statusCode).toBe(400);
    const body = { siteId: '5001', dataSource: 'GA4', contactName: 'X', contactEmail: 'x@y.example' };
    expect((await call(single, '1002', 'POST', '/api/services/data-integration/integrations', body)).statusCode).toBe(400);
    const theirs = (await call(multi, '1001', 'GET', '/api/services/data-integration')).json().dataIntegrations[0].id as string;
    expect((await call(single, '1002', 'POST', `/api/services/data-integration/integrations/${theirs}/cancel`)).statusCode).toBe(404);
    expect((await call(multi, '1001', 'GET', '/api/services/data-integration')).json().dataIntegrations[0]).toMatchObject({ id: theirs });
    expect((await call(single, '1002', 'GET', '/api/staff/data-integrations')).statusCode).toBe(403);
    expect((await call(single, '1002', 'POST', `/api/staff/data-integrations/${theirs}/confirm`)).statusCode).toBe(403);
  });
});

describe('existence hints', () => {
  // Site ids are small numbers: an answer that differs between "another publisher's site" and "no
  // such site" lets any publisher map which ids exist. Both must read the same, id aside.
  it("another publisher's site answers exactly like a site that does not exist", async () => {
    const same = (res: { statusCode: number; body: string }, id: string) => ({
      status: res.statusCode,
      body: res.body.split(id).join('<id>'),
    });
    for (const [url, payload] of [
      ['/api/services/audience/activation', (id: string) => ({ siteIds: [id] })],
      [
        '/api/services/data-integration/integrations',
        (id: string) => ({ siteId: id, dataSource: 'GA4', contactName: 'X', contactEmail: 'x@y.example' }),
      ],
    ] as const) {
      const otherTenant = same(await call(single, '1002', 'POST', url, payload('5001')), '5001');
      const missing = same(await call(single, '1002', 'POST', url, payload('999999')), '999999');
      expect(otherTenant, url).toEqual(missing);
      expect(otherTenant.status, url).toBe(400);
    }
    const theirs = (await call(multi, '1001', 'GET', '/api/services/data-integration')).json().dataIntegrations[0].id as string;
    const cancel = (id: string) => call(single, '1002', 'POST', `/api/services/data-integration/integrations/${id}/cancel`);
    const otherTenant = await cancel(theirs);
    const missing = await cancel('00000000-0000-4000-8000-000000000000');
    expect({ status: otherTenant.statusCode, body: otherTenant.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
    expect(otherTenant.statusCode).toBe(404);
  });
});
