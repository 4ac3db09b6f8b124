import type { TagSampleRateResult } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { siteTagRepo } from './site-tag.repo';

/**
 * Staff set a site's sample rate (one page load in N), audited in the same transaction. Served
 * tags and the collector's site cache pick it up within their cache times; events keep the weight
 * they were collected with, so figures stay right across the change.
 */
export async function setTagSampleRate(
  db: Db,
  actorUserId: string,
  siteId: string,
  oneIn: number,
  onChanged?: (publisherId: string) => void,
): Promise<TagSampleRateResult> {
  const result = await inTransaction(db, async (trx) => {
    const repo = siteTagRepo(trx);
    const before = await repo.sampleRateOf(siteId);
    if (!before) throw notFound('No such site.');
    await repo.setSampleRate(siteId, oneIn);
    await auditRepo(trx).record({
      actorUserId,
      publisherId: before.publisherId,
      action: 'site.tag-sample-rate',
      details: { siteId, before: { sampleOneIn: before.sampleOneIn }, after: { sampleOneIn: oneIn } },
    });
    return { siteId, publisherId: before.publisherId, sampleOneIn: oneIn };
  });
  onChanged?.(result.publisherId);
  return result;
}
