import type { Db } from '../db/pool';
import { seedDemoFlagOverrides } from '../modules/feature-flags';
import { seedDemoApiKeys } from '../modules/integrations';
import { seedDemoPlans } from '../modules/plans';
import { seedDemoSiteServices } from '../modules/services';
import { DEMO_EMAILS, type DemoSeedContext } from './demo-data';

/**
 * Services, plans and API keys of the demo world, so /services, /my-plans, /integrations and the
 * staff queues are alive on `npm start`; each area writes its own part (plans, the admin's flag
 * override, site services, API keys), in one transaction and from one start time. Summit is on
 * Starter, Evergreen asks for Enterprise; Northwind (1001) keeps no services or keys: the journeys
 * start it from nothing. Runs once (the plans' seed says whether it ran); only on the `npm start`
 * demo path, not in the API tests' seed.
 */
export async function seedDemoServices(db: Db): Promise<boolean> {
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', Object.values(DEMO_EMAILS)).execute();
  const now = Date.now();
  const ctx: DemoSeedContext = {
    uid: (role) => users.find((u) => u.email === DEMO_EMAILS[role])?.id ?? null,
    ago: (ms) => new Date(now - ms),
  };
  return db.transaction().execute(async (trx) => {
    if (!(await seedDemoPlans(trx, ctx))) return false;
    await seedDemoFlagOverrides(trx, ctx);
    await seedDemoSiteServices(trx, ctx);
    await seedDemoApiKeys(trx, ctx);
    return true;
  });
}
