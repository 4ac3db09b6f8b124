import type { Db } from '../db/pool';
import { DEMO_EMAILS } from './demo-data';

/** A few rules so the blocking rules page is alive on `npm start` (types, scopes and states mixed). */
export async function seedDemoBlockingRules(db: Db): Promise<void> {
  const owner = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAILS.multi).executeTakeFirst();
  const single = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAILS.single).executeTakeFirst();
  const in90Days = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const rules = [
    {
      publisher_id: '1001',
      name: 'No gambling advertisers',
      type: 'advertiser_domain',
      values: ['casino-royal.example', 'bet-fast.example'],
      sites: null,
      expires: null,
      status: 'active',
      by: owner?.id,
    },
    {
      publisher_id: '1001',
      name: 'Competitor brands',
      type: 'brand',
      values: ['Stark Retail'],
      sites: ['5001'],
      expires: null,
      status: 'active',
      by: owner?.id,
    },
    {
      publisher_id: '1001',
      name: 'Sensitive topics on Sport',
      type: 'iab_category',
      values: ['I4GWl6', 'avbNf2', '380'],
      sites: ['5002'],
      expires: in90Days,
      status: 'paused',
      by: owner?.id,
    },
    {
      publisher_id: '1002',
      name: 'Keyword safety list',
      type: 'keyword',
      values: ['crash', 'tragedy', 'lawsuit'],
      sites: null,
      expires: null,
      status: 'active',
      by: single?.id,
    },
  ];
  for (const r of rules) {
    const row = await db
      .insertInto('blocking_rules')
      .values({
        publisher_id: r.publisher_id,
        name: r.name,
        type: r.type,
        rule_values: JSON.stringify(r.values),
        site_ids: r.sites ? JSON.stringify(r.sites) : null,
        expires_at: r.expires,
        status: r.status,
        created_by: r.by ?? null,
        updated_by: r.by ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('audit_log')
      .values({
        actor_user_id: r.by ?? null,
        publisher_id: r.publisher_id,
        action: 'blocking_rule.create',
        details: JSON.stringify({ ruleId: row.id, name: r.name, type: r.type, values: r.values, siteIds: r.sites, expiresAt: r.expires }),
      })
      .execute();
  }
}
