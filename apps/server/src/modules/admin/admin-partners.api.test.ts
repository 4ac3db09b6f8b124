import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
const tok: Record<'admin' | 'staff' | 'multi' | 'single', string> = { admin: '', staff: '', multi: '', single: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'staff', 'multi', 'single'] as const) tok[who] = (await signIn(t.app, DEMO[who])).idToken;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: object, publisher?: string) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const partner = {
  name: 'Orbit Media',
  currency: 'EUR',
  has_direct: true,
  appnexus_marketplace_id: '7001',
  appnexus_direct_id: '',
  company: 'Orbit Media GmbH',
};

describe('admin partners and sites', () => {
  it('reads are open to staff (read-only subset) and closed to media owners; writes are admin only', async () => {
    const reads: [Method, string][] = [
      ['GET', '/api/admin/partners'],
      ['GET', '/api/admin/partners/1001'],
    ];
    for (const [m, url] of reads) {
      expect((await call(tok.staff, m, url)).statusCode, url).toBe(200);
      expect((await call(tok.admin, m, url)).statusCode, url).toBe(200);
      for (const who of ['multi', 'single'] as const) expect((await call(tok[who], m, url)).statusCode, `${who} ${url}`).toBe(403);
    }
    const writes: [Method, string, object][] = [
      ['POST', '/api/admin/partners', partner],
      ['PATCH', '/api/admin/partners/1001', { name: 'X' }],
      ['POST', '/api/admin/partners/1001/sites', { name: 'S', domain: 's.example' }],
      ['PATCH', '/api/admin/partners/1001/sites/5001', { active: false }],
    ];
    for (const [m, url, body] of writes) {
      for (const who of ['staff', 'multi', 'single'] as const)
        expect((await call(tok[who], m, url, body)).statusCode, `${who} ${m} ${url}`).toBe(403);
      expect((await t.app.inject({ method: m, url, payload: body })).statusCode).toBe(401);
    }
    // Nothing changed by the refused writes.
    expect((await call(tok.admin, 'GET', '/api/admin/partners/1001')).json().name).not.toBe('X');
  });

  it('creates a partner with two sites, edits it, searches it, audits every change', async () => {
    const created = await call(tok.admin, 'POST', '/api/admin/partners', partner);
    expect(created.statusCode).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({
      name: 'Orbit Media',
      currency: 'EUR',
      has_direct: true,
      appnexus_marketplace_id: '7001',
      appnexus_direct_id: null,
      company: 'Orbit Media GmbH',
      sites: 0,
    });
    const newSites: [string, string][] = [
      ['Orbit News', 'News.Orbit.example'],
      ['Orbit Sport', 'sport.orbit.example'],
    ];
    for (const [name, domain] of newSites) {
      const s = await call(tok.admin, 'POST', `/api/admin/partners/${p.id}/sites`, { name, domain });
      expect(s.statusCode).toBe(200);
      expect(s.json()).toMatchObject({ name, domain: domain.toLowerCase(), active: true, taboola_organic: false });
    }
    const dup = await call(tok.admin, 'POST', `/api/admin/partners/${p.id}/sites`, { name: 'Again', domain: 'news.orbit.example' });
    expect(dup.statusCode).toBe(409);
    const bad = await call(tok.admin, 'POST', `/api/admin/partners/${p.id}/sites`, { name: '', domain: 'https://x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['name', 'domain']));
    expect((await call(tok.admin, 'POST', '/api/admin/partners', { ...partner, currency: 'euro' })).statusCode).toBe(400);

    const edited = await call(tok.admin, 'PATCH', `/api/admin/partners/${p.id}`, { name: 'Orbit Media Group', company: 'Orbit AG' });
    expect(edited.json()).toMatchObject({ name: 'Orbit Media Group', company: 'Orbit AG', sites: 2, activeSites: 2 });
    expect(edited.json().siteList).toHaveLength(2);

    const found = (await call(tok.staff, 'GET', '/api/admin/partners?search=orbit')).json();
    expect(found.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect((await call(tok.admin, 'GET', '/api/admin/partners/nope')).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'publisher_id', 'details'])
      .where('publisher_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['partner.create', 'site.create', 'site.create', 'partner.update']);
    expect(audit[3]!.details).toMatchObject({ before: { name: 'Orbit Media' }, after: { name: 'Orbit Media Group' } });
  });

  it('deactivating a site keeps it and its history; the organic flag on an active site splits the Reports menu', async () => {
    const details = async () =>
      (await call(tok.admin, 'GET', '/api/publisher-details?publisher=1002&includeSites=true', undefined, '1002')).json();
    const sites = (await call(tok.admin, 'GET', '/api/admin/partners/1002')).json().siteList as {
      id: string;
      taboola_organic: boolean;
      active: boolean;
    }[];
    const site = sites[0]!;
    const organic = await call(tok.admin, 'PATCH', `/api/admin/partners/1002/sites/${site.id}`, { taboola_organic: true, active: true });
    expect(organic.json()).toMatchObject({ taboola_organic: true, active: true });
    // The publisher's own details (what the Reports menu reads) show the organic active site.
    expect((await details()).sites.some((s: { active: boolean; taboola_organic: boolean }) => s.active && s.taboola_organic)).toBe(true);

    const off = await call(tok.admin, 'PATCH', `/api/admin/partners/1002/sites/${site.id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, taboola_organic: true });
    const after = (await details()).sites as { id: string; active: boolean; taboola_organic: boolean }[];
    expect(after.find((s) => s.id === site.id)).toMatchObject({ active: false });
    expect(after.some((s) => s.active && s.taboola_organic)).toBe(false);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('publisher_id', '=', '1002')
      .where('action', 'like', 'site.%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['site.update', 'site.deactivate']);
    expect((await call(tok.admin, 'PATCH', `/api/admin/partners/1001/sites/${site.id}`, { active: true })).statusCode).toBe(404);
  });
});
