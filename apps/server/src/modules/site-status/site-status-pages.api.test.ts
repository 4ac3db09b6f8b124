import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPlan, ServicesOverview, SetupChecklist } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { DEMO_PUBLISHERS } from '../../demo/demo-data';
import { seedDemoServices } from '../../demo/seed-demo-services';
import { seedDemoAdsTxt } from '../adstxt';
import { seedDemoBlockingRules } from '../blocking-rules';
import { seedDemoMonitors } from '../monitors';
import { siteTagRepo } from '../site-tag/site-tag.repo';

/**
 * Services, Setup (which the home page's setup card shows) and My Plans tell the same story of a
 * publisher's sites, for every demo partner: the same sites in the same order, and each service's
 * "n of m sites" matches what the site's steps and plan status say. Before the one site read model,
 * Services counted requested activations while Setup looked at the tag's data, the monitors and
 * the rules, so the same partner read "0 of 2 sites" on one page and "done" on another.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: 'true' });
  await seedDemoServices(t.db);
  await seedDemoAdsTxt(t.db);
  await seedDemoBlockingRules(t.db);
  await seedDemoMonitors(t.db, 9, pino({ level: 'silent' }));
  // What the `npm start` site-tag seed does: tag data has arrived from these sites, and from one
  // of Northwind's, whose tag was never activated through Services (installed by hand).
  for (const site of ['5101', '5201', '5202', '5001']) await siteTagRepo(t.db).markReceived(site);
  staff = (await signIn(t.app, DEMO.admin)).idToken;
}, 120_000);
afterAll(async () => t.close());

const get = async <T>(publisher: string, url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(staff, publisher) });
  expect(res.statusCode, `${url} for ${publisher}`).toBe(200);
  return res.json() as T;
};

const stepDone = (setup: SetupChecklist, siteId: string, step: string) =>
  setup.sites.find((s) => s.siteId === siteId)!.steps.find((s) => s.id === step)!.done;

describe.each(DEMO_PUBLISHERS.map((p) => [p.id, p.name]))('publisher %s (%s)', (publisher) => {
  let services: ServicesOverview;
  let setup: SetupChecklist;
  let plans: MyPlan;
  beforeAll(async () => {
    [services, setup, plans] = await Promise.all([
      get<ServicesOverview>(publisher, '/api/services'),
      get<SetupChecklist>(publisher, '/api/setup'),
      get<MyPlan>(publisher, '/api/my-plans'),
    ]);
  });
  const count = (id: string) => services.services.find((s) => s.id === id)!.activeSites;

  it('lists the same sites, in the same order, on Services, Setup and My Plans', () => {
    const ids = services.sites.map((s) => s.siteId);
    expect(setup.sites.map((s) => s.siteId)).toEqual(ids);
    expect(plans.sites.map((s) => s.id)).toEqual(ids);
    expect(plans.sites.map((s) => s.name)).toEqual(services.sites.map((s) => s.siteName));
  });

  it('counts a site for the site tag exactly when Setup says its tag is installed and its data arrived', () => {
    const installed = services.sites.filter((s) => stepDone(setup, s.siteId, 'site-tag'));
    expect(count('audience')).toBe(installed.length);
    expect(count('performance')).toBe(installed.length);
    // The plan status reads the same fact: a site integration needs the tag's data.
    for (const s of services.sites) expect(s.product.eventTrackerDataReceived).toBe(stepDone(setup, s.siteId, 'site-tag'));
  });

  it('counts a site for uptime exactly when Setup says a monitor watches it', () => {
    expect(count('observability')).toBe(services.sites.filter((s) => stepDone(setup, s.siteId, 'monitor')).length);
  });

  it('counts data integration from the same confirmed integrations as the plan status', () => {
    expect(count('data-integration')).toBe(services.sites.filter((s) => s.isOnboardedOnDMoc).length);
  });
});

describe('the demo makes the counts mean something', () => {
  it('Northwind: its hand-installed tag, its monitors and its rules are counted on Services', async () => {
    const services = await get<ServicesOverview>('1001', '/api/services');
    const count = (id: string) => services.services.find((s) => s.id === id)!.activeSites;
    expect(count('audience')).toBe(1);
    expect(count('observability')).toBeGreaterThan(0);
    expect(count('blocking')).toBeGreaterThan(0);
    expect(count('ads-txt')).toBeGreaterThan(0);
  });
});
