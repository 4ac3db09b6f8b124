import { createHash, timingSafeEqual } from 'node:crypto';
import type { BlockingFeed, BlockingRuleType } from '@pc/contracts';
import type { BlockingRulesRepo } from './blocking-rules.repo';

/** Constant-time comparison of a presented service token with the configured one. */
export function tokenMatches(presented: string | undefined, configured: string | null): boolean {
  if (!presented || !configured) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(configured).digest();
  return timingSafeEqual(a, b);
}

/**
 * The effective rules per site for the ad-serving side: active and unexpired only, sites in id
 * order, rules in creation order, so the same rules always give the same bytes and the same ETag.
 */
export async function buildFeed(
  repo: BlockingRulesRepo,
  publisherId: string,
  today: string,
): Promise<{ feed: BlockingFeed; etag: string }> {
  const sites = (await repo.sites(publisherId)).filter((s) => s.active);
  const rules = (await repo.activeRules(publisherId)).filter((r) => r.expires_at === null || r.expires_at >= today);
  const feed: BlockingFeed = {
    publisherId,
    sites: sites.map((s) => ({
      siteId: s.id,
      domain: s.domain,
      rules: rules
        .filter((r) => r.site_ids === null || r.site_ids.includes(s.id))
        .map((r) => ({ id: r.id, name: r.name, type: r.type as BlockingRuleType, values: r.rule_values, expiresAt: r.expires_at })),
    })),
  };
  const etag = `"${createHash('sha256').update(JSON.stringify(feed)).digest('base64url').slice(0, 27)}"`;
  return { feed, etag };
}

/** If-None-Match holds the ETag (a list, or `*`, weak forms too). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '');
    return v === '*' || v === etag;
  });
}
