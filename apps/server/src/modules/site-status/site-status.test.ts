import { describe, expect, it } from 'vitest';
import { siteStatuses, sitesUsing, type SiteStatusFacts } from './site-status';
import type { SiteMonitorRow, SiteRow, SiteServiceRow } from './site-status.repo';

const site = (id: string, received: boolean, active = true): SiteRow => ({
  id,
  name: `Site ${id}`,
  domain: `${id}.example`,
  active,
  event_tracker_data_received_at: received ? new Date('2026-11-01T00:00:00Z') : null,
});
const state = (siteId: string, serviceId: string, status: SiteServiceRow['status']): SiteServiceRow => ({
  site_id: siteId,
  service_id: serviceId,
  status,
  requested_at: null,
  activated_at: null,
});
const integration = (siteId: string, status: string) => ({ site_id: siteId, status });
const none: Omit<SiteStatusFacts, 'sites' | 'states' | 'integrations'> = { monitors: [], ruleSites: [], adsTxt: [] };
const trackingViews = (sites: SiteRow[], states: SiteServiceRow[], integrations: SiteStatusFacts['integrations']) =>
  siteStatuses({ sites, states, integrations, ...none }).map((s) => s.tracking);

describe('site plan status (spec rule)', () => {
  it('gives all four combinations', () => {
    const views = trackingViews(
      [site('a', true), site('b', true), site('c', false), site('d', false)],
      [state('a', 'audience', 'ACTIVATED'), state('b', 'performance', 'ACTIVATED')],
      [integration('a', 'CONFIRMED'), integration('c', 'CONFIRMED'), integration('d', 'INITIATED')],
    );
    expect(views.map((v) => [v.siteId, v.planStatus])).toEqual([
      ['a', 'Fully Onboarded'],
      ['b', 'Site Integration'],
      ['c', 'Data Integration'],
      ['d', 'Non-Onboarded'],
    ]);
    expect(views.every((v) => v.atLeastOneSitetagOnboarding)).toBe(true);
  });

  it('product activated needs both ACTIVATED and event-tracker data', () => {
    const views = trackingViews(
      [site('activatedNoData', false), site('pendingWithData', true), site('dataOnly', true), site('nonTagService', true)],
      [
        state('activatedNoData', 'audience', 'ACTIVATED'),
        state('pendingWithData', 'audience', 'PENDING'),
        state('nonTagService', 'ads-txt', 'ACTIVATED'),
      ],
      [],
    );
    const byId = Object.fromEntries(views.map((v) => [v.siteId, v]));
    expect(byId.activatedNoData).toMatchObject({
      isSiteActivated: false,
      planStatus: 'Non-Onboarded',
      product: { status: 'ACTIVATED', eventTrackerDataReceived: false },
    });
    expect(byId.pendingWithData).toMatchObject({ isSiteActivated: false, product: { status: 'PENDING', eventTrackerDataReceived: true } });
    expect(byId.dataOnly).toMatchObject({ isSiteActivated: false, product: { status: 'NOT_ACTIVATED' } });
    // ads.txt is not the site-tag product: it does not activate the site integration.
    expect(byId.nonTagService).toMatchObject({ isSiteActivated: false, product: { status: 'NOT_ACTIVATED' } });
  });

  it('a cancelled integration does not onboard; inactive sites are left out; no tag anywhere is reported', () => {
    const views = trackingViews([site('a', true), site('z', true, false)], [], [integration('a', 'CANCELLED')]);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ isOnboardedOnDMoc: false, planStatus: 'Non-Onboarded', atLeastOneSitetagOnboarding: false });
  });
});

describe('services in use (the "n of m sites" on Services)', () => {
  const monitor = (site_id: string | null, url: string, paused = false): SiteMonitorRow => ({ site_id, url, paused });
  const domain = (siteId: string, claim: 'active' | 'pending' = 'active') => ({
    id: `d-${siteId}`,
    site_id: siteId,
    hosted_enabled: false,
    redirection_status: 'not_set_up',
    redirection_reason: null,
    claim_status: claim,
  });
  const statuses = siteStatuses({
    sites: [site('a', true), site('b', false), site('c', false), site('x', true, false)],
    // Requested and even activated, but no tag data yet from b: b does not use the tag services.
    states: [state('b', 'audience', 'ACTIVATED'), state('c', 'performance', 'PENDING')],
    integrations: [integration('a', 'CONFIRMED'), integration('b', 'INITIATED')],
    monitors: [
      monitor(null, 'https://www.a.example/health'),
      monitor('b', 'https://b.example/', true),
      monitor('c', 'https://elsewhere.example/'),
    ],
    ruleSites: [['c'], null, ['x']],
    adsTxt: [domain('a'), domain('b', 'pending')],
  });
  const used = (id: string) => [...statuses.find((s) => s.site.id === id)!.servicesInUse].sort();

  it('counts what each site really uses, not what was requested', () => {
    expect(statuses.map((s) => s.site.id)).toEqual(['a', 'b', 'c']);
    expect(used('a')).toEqual(['ads-txt', 'audience', 'blocking', 'data-integration', 'observability', 'performance']);
    // A paused monitor watches nothing, a pending domain claim is not managed, an initiated integration is not confirmed.
    expect(used('b')).toEqual(['blocking']);
    expect(used('c')).toEqual(['blocking', 'observability']);
  });

  it('gives the same counts the pages show, and a rule for every site applies to each', () => {
    expect(
      ['audience', 'performance', 'ads-txt', 'observability', 'blocking', 'data-integration'].map((id) => sitesUsing(statuses, id)),
    ).toEqual([1, 1, 1, 2, 3, 1]);
    expect(statuses.map((s) => s.blockingRules)).toEqual([1, 1, 2]);
  });
});
