import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident, IncidentEntitlement } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';

// The tests' template database is seeded by seedDemo, which runs this area's demo seeder.
let t: TestApp;
let multi: string;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => t.close());

const get = (publisher: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(multi, publisher) });

describe('the demo incidents', () => {
  it('gives Northwind and Evergreen incidents in every state, with their occurrences and times in the past', async () => {
    const list = [
      ...((await get('1001', '/api/incidents')).json() as Incident[]),
      ...((await get('1003', '/api/incidents')).json() as Incident[]),
    ];
    const states = list.map((i) => `${i.publisherId} ${i.siteId} ${i.type} ${i.status} ${i.occurrences}`).sort();
    expect(states).toEqual(
      expect.arrayContaining([
        '1001 5001 certificate resolved 1',
        '1001 5001 vulnerability acknowledged 2',
        '1001 5002 adstxt open 3',
        '1003 5201 vulnerability acknowledged 5',
        '1003 5201 vulnerability open 1',
        '1003 5202 downtime resolved 1',
      ]),
    );
    const cert = list.find((i) => i.type === 'certificate')!;
    expect(cert.acknowledgedBy).toBeTruthy();
    expect(Date.parse(cert.resolvedAt!)).toBeLessThan(Date.now() - 100 * 3_600_000);
    expect(cert.firstOccurrence).toBeLessThan(Date.now() - 190 * 3_600_000);
    expect((await get('1001', '/api/incidents/summary')).json()).toMatchObject({ open: expect.any(Number), acknowledged: 1 });
  });

  it("lets Evergreen download Evergreen Living's vulnerability report", async () => {
    const sites = (await get('1003', '/api/incidents/entitlements')).json() as IncidentEntitlement[];
    expect(sites.map((s) => s.entitlementsExportSiteId)).toEqual(['5201']);
  });
});
