import type { Db } from '../../../db/pool';
import type { DemoSeedContext } from '../../../demo/demo-data';

/**
 * Blue Harbor's account manager allows it 1-minute checks beyond its Growth plan (an admin's
 * override wins over the plan): its monitors may check every minute, Northwind's 1-minute monitors
 * run above their plan until next edited, and Summit's form offers 15 minutes or 1 hour. Runs after
 * the plans' seed; an override already there is kept.
 */
export async function seedDemoFlagOverrides(trx: Db, { uid }: DemoSeedContext): Promise<void> {
  await trx
    .insertInto('feature_flag_overrides')
    .values({
      flag_key: 'uptime.check_intervals',
      publisher_id: '1002',
      value: JSON.stringify(['1', '5', '15', '60']),
      updated_by: uid('admin'),
      source: 'admin',
    })
    .onConflict((oc) => oc.columns(['flag_key', 'publisher_id']).doNothing())
    .execute();
}
