import type { Db } from '../../../db/pool';
import type { DemoSeedContext } from '../../../demo/demo-data';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Activated site-tag services (the spec's product status); data arrives through the site-tag seed. */
const ACTIVATIONS: { publisherId: string; siteId: string; serviceId: string; daysAgo: number }[] = [
  { publisherId: '1002', siteId: '5101', serviceId: 'audience', daysAgo: 45 },
  { publisherId: '1002', siteId: '5101', serviceId: 'performance', daysAgo: 45 },
  { publisherId: '1003', siteId: '5201', serviceId: 'audience', daysAgo: 150 },
];

/** Confirmed data integrations: 5201 becomes Fully Onboarded, 5202 Data Integration. */
const INTEGRATIONS = [
  { publisherId: '1003', siteId: '5201', dataSource: 'Adobe Analytics', contact: 'Priya Shah', daysAgo: 140 },
  { publisherId: '1003', siteId: '5202', dataSource: 'Salesforce Marketing Cloud', contact: 'Priya Shah', daysAgo: 35 },
];

/**
 * Activated services, confirmed data integrations and two pending service requests: Blue Harbor's
 * site is a Site Integration, Evergreen has a Fully Onboarded and a Data Integration site, and staff
 * find two requests to act on. Written directly rather than through servicesRepo, whose writes stamp
 * now(): each activation, integration and request keeps its date in the past.
 */
export async function seedDemoSiteServices(trx: Db, { uid, ago }: DemoSeedContext): Promise<void> {
  for (const a of ACTIVATIONS)
    await trx
      .insertInto('site_services')
      .values({
        site_id: a.siteId,
        service_id: a.serviceId,
        publisher_id: a.publisherId,
        status: 'ACTIVATED',
        requested_at: ago(a.daysAgo * DAY + HOUR),
        requested_by: uid(a.publisherId === '1002' ? 'single' : 'multi'),
        activated_at: ago(a.daysAgo * DAY),
      })
      .onConflict((oc) => oc.columns(['site_id', 'service_id']).doNothing())
      .execute();
  for (const i of INTEGRATIONS)
    await trx
      .insertInto('data_integrations')
      .values({
        publisher_id: i.publisherId,
        site_id: i.siteId,
        data_source: i.dataSource,
        contact_name: i.contact,
        contact_email: 'data@evergreen-digital.example',
        status: 'CONFIRMED',
        initiated_at: ago(i.daysAgo * DAY + 5 * DAY),
        initiated_by: uid('multi'),
        confirmed_at: ago(i.daysAgo * DAY),
        confirmed_by: uid('staff'),
      })
      .execute();

  await trx
    .insertInto('service_requests')
    .values([
      {
        publisher_id: '1002',
        kind: 'product_demo',
        service_id: 'blocking',
        message: 'Could you show us how category blocking works for our German audience? Any afternoon next week.',
        created_by: uid('single'),
        created_at: ago(26 * HOUR),
      },
      {
        publisher_id: '1003',
        kind: 'data_source',
        data_source: 'Piano subscriptions',
        message: 'Subscriber counts per site, daily.',
        created_by: uid('multi'),
        created_at: ago(5 * HOUR),
      },
    ])
    .execute();
}
