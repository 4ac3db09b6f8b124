import { describe, expect, it } from 'vitest';
import { trackingViews } from './tracking-view';
import type { DataIntegrationRow, SiteRow, SiteServiceRow } from './services.repo';

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
const integration = (siteId: string, status: DataIntegrationRow['status']) => ({ site_id: siteId, status }) as DataIntegrationRow;

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
