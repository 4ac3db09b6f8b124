import { formatDay, formatMonth, type MonthCloseResult } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { badRequest } from '../../lib/http-error';
import { auditRepo } from '../audit';
import type { ReportEngine, SalesBreakdownRow } from '../../report-engine/report-engine';
import { periodBounds, round2 } from './money';
import { paymentsRepo } from './payments.repo';
import { publisherRecords } from '../publishers';

/**
 * Closes a month for every publisher: the payable amount is the month's FINALIZED net revenue from
 * the report facts (a publisher whose facts are not finalized through the month's last day is
 * skipped, never paid on estimates) plus the rollover carried from earlier months. Below the
 * threshold the total rolls over. Idempotent: a (publisher, month) row is created once
 * (unique key + ON CONFLICT DO NOTHING), so a second close, or two staff closing at once, adds
 * nothing; publishers skipped earlier are picked up by a later close.
 */
export async function closeMonth(
  deps: { db: Db; engine: ReportEngine; defaultThreshold: number },
  uid: string,
  period: string,
  today: string,
): Promise<MonthCloseResult> {
  const { from, to } = periodBounds(period);
  if (to >= today) throw badRequest('Only a month that has ended can be closed.', { period: 'Choose a month that has ended.' });
  const repo = paymentsRepo(deps.db);
  const skipped: MonthCloseResult['skipped'] = [];
  const prepared: { pub: { id: string; currency: string }; sites: Map<string, string>; bySite: SalesBreakdownRow[] }[] = [];
  for (const pub of await repo.publishers()) {
    const finalized = await deps.engine.getFinalizedThrough(pub.id, 'revenue');
    if (finalized === null || finalized < to) {
      skipped.push({
        publisherId: pub.id,
        reason: `Revenue is finalized only through ${finalized ? formatDay(finalized) : 'no day yet'}; estimated figures are never paid.`,
      });
      continue;
    }
    const sites = await publisherRecords(deps.db).siteNames([pub.id]);
    const bySite = await deps.engine.salesBreakdown(pub.id, from, to, false);
    prepared.push({ pub, sites, bySite });
  }
  return inTransaction(deps.db, async (trx) => {
    const tx = paymentsRepo(trx);
    const firstClose = await tx.recordClose(period, uid);
    let created = 0;
    for (const { pub, sites, bySite } of prepared) {
      // Serialises closes per publisher, so the rollover read below cannot race another close.
      await publisherRecords(trx).lock(pub.id);
      const later = await tx.hasLaterOrSame(pub.id, period);
      if (later === period) continue;
      if (later) {
        skipped.push({ publisherId: pub.id, reason: `A later month (${formatMonth(later)}) is already closed; close months in order.` });
        continue;
      }
      const revenue = round2(bySite.reduce((a, r) => a + r.netRevenue, 0));
      const prev = await tx.latestBefore(pub.id, period);
      const rolloverIn = prev ? Number(prev.rollover_out) : 0;
      const threshold = (await tx.thresholdOf(pub.id)) ?? deps.defaultThreshold;
      const total = round2(revenue + rolloverIn);
      const payable = total > 0 && total >= threshold;
      const id = await tx.insert({
        publisher_id: pub.id,
        period,
        currency: pub.currency,
        revenue,
        rollover_in: rolloverIn,
        amount: payable ? total : 0,
        rollover_out: payable ? 0 : total,
        threshold,
        site_revenue: bySite.map((r) => ({ siteId: r.siteId, siteName: sites.get(r.siteId) ?? r.siteId, netRevenue: r.netRevenue })),
        status: payable ? 'pending' : 'rolled_over',
      });
      if (!id) continue;
      created += 1;
      await auditRepo(trx).record({
        actorUserId: uid,
        publisherId: pub.id,
        action: 'payment.create',
        details: { paymentId: id, period, revenue, rolloverIn, amount: payable ? total : 0, rolloverOut: payable ? 0 : total, threshold },
      });
    }
    await auditRepo(trx).record({
      actorUserId: uid,
      publisherId: null,
      action: 'payment.month_close',
      details: { period, created, skipped },
    });
    return { period, created, alreadyClosed: !firstClose, skipped };
  });
}
