import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { incidentsRepo } from './incidents.repo';

let t: TestApp;
let multi: string;
let single: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST';
const call = (token: string, publisher: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const ingest = (over: object = {}) =>
  call(staff, '1001', 'POST', '/api/staff/incidents', {
    publisherId: '1001',
    siteId: '5001',
    type: 'vulnerability',
    severity: 'high',
    category: 'Outdated library',
    key: 'scan:5001:jquery',
    title: '=HYPERLINK("x") jQuery 1.8 is vulnerable',
    detail: { cve: 'CVE-2020-11022' },
    ...over,
  });

describe('incidents', () => {
  it('staff ingestion opens one incident, repeated occurrences append with lastOccurrence and new', async () => {
    const first = await ingest();
    expect(first.statusCode).toBe(200);
    expect(first.json().change).toBe('opened');
    const again = await ingest();
    expect(again.json()).toEqual({ id: first.json().id, change: 'appended' });
    const list = await call(multi, '1001', 'GET', '/api/incidents?type=vulnerability');
    const rows = list.json() as {
      id: string;
      occurrences: number;
      new: boolean;
      lastOccurrence: number;
      status: string;
      siteName: string;
    }[];
    const row = rows.find((r) => r.id === first.json().id)!;
    expect(row).toMatchObject({ occurrences: 2, new: true, status: 'open', siteName: expect.any(String) });
    expect(Math.abs(row.lastOccurrence - Date.now() / 1000)).toBeLessThan(60);
  });

  it('validation answers 400 with fields; publishers cannot ingest', async () => {
    const bad = await ingest({ severity: 'apocalyptic', key: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['severity', 'key']));
    const wrongSite = await ingest({ siteId: '5003x' });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().fields.siteId).toBeDefined();
    const asPublisher = await call(multi, '1001', 'POST', '/api/staff/incidents', { publisherId: '1001' });
    expect(asPublisher.statusCode).toBe(403);
  });

  it('open -> acknowledged -> resolved with who, when and note; a new occurrence reopens it', async () => {
    const { id } = (await ingest({ key: 'scan:flow', type: 'other' })).json();
    const ack = await call(multi, '1001', 'POST', `/api/incidents/${id}/acknowledge`, { note: 'Looking' });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', new: false, acknowledgedBy: expect.any(String) });
    expect((await call(multi, '1001', 'POST', `/api/incidents/${id}/acknowledge`, { note: '' })).statusCode).toBe(409);
    const res = await call(multi, '1001', 'POST', `/api/incidents/${id}/resolve`, { note: 'Patched' });
    expect(res.json()).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect((await call(multi, '1001', 'POST', `/api/incidents/${id}/resolve`, {})).statusCode).toBe(409);
    const re = await ingest({ key: 'scan:flow', type: 'other' });
    expect(re.json()).toEqual({ id, change: 'reopened' });
    const detail = (await call(multi, '1001', 'GET', `/api/incidents/${id}`)).json();
    expect(detail).toMatchObject({ status: 'open', new: true, acknowledgedBy: null, resolvedBy: null, occurrences: 2 });
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(['reopened', 'resolved', 'acknowledged', 'occurrence']);
    expect(detail.events.find((e: { kind: string }) => e.kind === 'resolved').note).toBe('Patched');
    // One notification per state change: opened, resolved, reopened (not the acknowledgement).
    const jobs = await t.db.selectFrom('jobs').select('payload').where('queue', '=', 'incident-notify').execute();
    const mine = jobs.map((j) => j.payload as { incidentId: string; change: string }).filter((p) => p.incidentId === id);
    expect(mine.map((p) => p.change).sort()).toEqual(['opened', 'reopened', 'resolved']);
  });

  it('the service API opens and resolves by key for other modules', async () => {
    const svc = t.built.incidents;
    const o = await svc.report({
      publisherId: '1002',
      siteId: null,
      type: 'adstxt',
      severity: 'high',
      category: 'ads.txt',
      key: 'adstxt:x:missing',
      title: 'ads.txt missing',
    });
    expect(o.change).toBe('opened');
    expect(await svc.resolveByKey('1002', 'adstxt:x:missing', 'File is back')).toBe(true);
    expect(await svc.resolveByKey('1002', 'adstxt:x:missing', 'again')).toBe(false);
    const row = await incidentsRepo(t.db).get(o.id);
    expect(row?.status).toBe('resolved');
  });

  it('another publisher gets 403 for the incident and cannot see it in its list', async () => {
    const { id } = (await ingest({ key: 'scan:tenancy' })).json();
    expect((await call(single, '1002', 'GET', `/api/incidents/${id}`)).statusCode).toBe(403);
    expect((await call(single, '1002', 'POST', `/api/incidents/${id}/acknowledge`, { note: '' })).statusCode).toBe(403);
    expect((await call(single, '1002', 'POST', `/api/incidents/${id}/resolve`, { note: '' })).statusCode).toBe(403);
    expect((await call(single, '1001', 'GET', '/api/incidents')).statusCode).toBe(403);
    const list = (await call(single, '1002', 'GET', '/api/incidents')).json() as { id: string }[];
    expect(list.some((r) => r.id === id)).toBe(false);
    expect((await call(multi, '1001', 'GET', '/api/incidents/not-a-uuid')).statusCode).toBe(404);
  });

  it('vulnerability export: 403 without the entitlement, injection-safe CSV with it', async () => {
    expect((await call(multi, '1001', 'GET', '/api/incidents/vulnerabilities.csv?siteId=5001')).statusCode).toBe(403);
    expect((await call(multi, '1001', 'GET', '/api/incidents/entitlements')).json()).toEqual([]);
    await incidentsRepo(t.db).grantEntitlement('1001', '5001');
    const ent = (await call(multi, '1001', 'GET', '/api/incidents/entitlements')).json();
    expect(ent).toEqual([{ entitlementsExportSiteId: '5001', entitlementsExportSite: expect.any(String) }]);
    const csv = await call(multi, '1001', 'GET', '/api/incidents/vulnerabilities.csv?siteId=5001');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('Severity');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") jQuery 1.8 is vulnerable"`);
    expect(csv.body).not.toContain('scan:flow');
    // Entitled for 1001's site 5001 does not entitle another publisher.
    expect((await call(single, '1002', 'GET', '/api/incidents/vulnerabilities.csv?siteId=5001')).statusCode).toBe(403);
  });
});
