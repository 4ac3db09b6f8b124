import type { Db } from '../db/pool';
import { hashPassword } from '../identity/passwords';
import { seedDemoAdsTxt, seedDemoSellersJson } from '../modules/adstxt';
import { seedDemoBlockingRules } from '../modules/blocking-rules';
import { seedDemoIncidents } from '../modules/incidents';
import { seedDemoWebhooks } from '../modules/integrations';
import { seedDemoUsage } from '../modules/usage';
import { DEMO_PASSWORD, DEMO_PUBLISHERS, DEMO_USERS } from './demo-data';

/** Seeds the demo publishers and users once; returns false when they already exist. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('publishers').select('id').where('id', '=', DEMO_PUBLISHERS[0].id).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const p of DEMO_PUBLISHERS) {
      await trx
        .insertInto('publishers')
        .values({
          id: p.id,
          name: p.name,
          currency: p.currency,
          has_direct: p.has_direct,
          appnexus_marketplace_id: p.appnexus.marketplace,
          appnexus_direct_id: p.appnexus.direct,
        })
        .execute();
      await trx
        .insertInto('companies')
        .values({ publisher_id: p.id, ...p.company })
        .execute();
      for (const s of p.sites)
        await trx
          .insertInto('sites')
          .values({ ...s, publisher_id: p.id })
          .execute();
    }
    for (const u of DEMO_USERS) {
      await trx
        .insertInto('users')
        .values({
          email: u.email,
          password_hash: passwordHash,
          first_name: u.first,
          last_name: u.last,
          publisher_scope: u.scope,
          admin_access: u.admin,
        })
        .execute();
    }
  });
  await seedDemoAdsTxt(db);
  await seedDemoSellersJson(db);
  await seedDemoBlockingRules(db);
  await seedDemoIncidents(db);
  await seedDemoUsage(db);
  await seedDemoWebhooks(db);
  return true;
}
