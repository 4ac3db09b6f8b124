import type { Db } from '../../../db/pool';
import { DEMO_EMAILS } from '../../../demo/demo-data';
import { auditRepo } from '../../audit';
import { blockingRulesRepo } from '../blocking-rules.repo';

/**
 * A few rules so the blocking rules page is alive on `npm start` (types, scopes and states mixed).
 * Written through the area's repo and audited as a save is, without the service's checks: the demo
 * world's rules are known to be valid and within every limit.
 */
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
  const repo = blockingRulesRepo(db);
  for (const r of rules) {
    // The demo users are seeded just before; a rule needs its author, as a saved rule has one.
    if (!r.by) continue;
    const write = { name: r.name, type: r.type, values: r.values, siteIds: r.sites, expiresAt: r.expires };
    const ruleId = await repo.insert(r.publisher_id, r.by, write);
    if (r.status !== 'active') await repo.setStatus(r.publisher_id, ruleId, r.by, r.status);
    await auditRepo(db).record({
      actorUserId: r.by,
      publisherId: r.publisher_id,
      action: 'blocking_rule.create',
      details: { ruleId, name: r.name, type: r.type, values: r.values, siteIds: r.sites, expiresAt: r.expires },
    });
  }
}
