import { createHash } from 'node:crypto';
import { API_KEY_PREFIX } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { DemoSeedContext } from '../../../demo/demo-data';
import { hashSecret, shownPrefix } from '../../../lib/issued-keys';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Stable, never-shown secrets: only their SHA-256 is stored, like a real key's. */
const API_KEYS = [
  { publisherId: '1002', name: 'Looker Studio connector', access: 'read' as const, by: 'single' as const, daysAgo: 40, usedHoursAgo: 3 },
  { publisherId: '1003', name: 'Nightly BI export', access: 'read_write' as const, by: 'multi' as const, daysAgo: 90, usedHoursAgo: 20 },
  {
    publisherId: '1003',
    name: 'Old agency script',
    access: 'read' as const,
    by: 'multi' as const,
    daysAgo: 300,
    usedHoursAgo: 24 * 25,
    revokedDaysAgo: 21,
  },
];

/**
 * API keys of the demo world, one of them revoked; Northwind keeps none (the journeys start it from
 * nothing). Written directly rather than issued through the key store, which makes a random secret
 * and stamps now(): each key keeps a fixed secret and its dates in the past.
 */
export async function seedDemoApiKeys(trx: Db, { uid, ago }: DemoSeedContext): Promise<void> {
  for (const k of API_KEYS) {
    const by = uid(k.by);
    if (!by) continue;
    // A fixed secret per key (the demo is the same on every start), kept as the issued-key store keeps one.
    const secret =
      API_KEY_PREFIX + createHash('sha256').update(`partners-center demo api key ${k.publisherId} ${k.name}`).digest('base64url');
    await trx
      .insertInto('api_keys')
      .values({
        publisher_id: k.publisherId,
        name: k.name,
        prefix: shownPrefix(secret),
        key_hash: hashSecret(secret),
        access: k.access,
        created_by: by,
        created_at: ago(k.daysAgo * DAY),
        last_used_at: ago(k.usedHoursAgo * HOUR),
        revoked_at: k.revokedDaysAgo ? ago(k.revokedDaysAgo * DAY) : null,
        revoked_by: k.revokedDaysAgo ? by : null,
      })
      .onConflict((oc) => oc.column('key_hash').doNothing())
      .execute();
  }
}
