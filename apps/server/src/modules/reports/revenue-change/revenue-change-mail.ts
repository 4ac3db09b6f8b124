import { comparedPeriod, formatDay, revenueChangeSentence } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { ReportEngine, ReportQuery } from '../engine/report-engine';
import { reportsRepo } from '../reports.repo';
import { reportingCalendarOf } from '../reporting-calendar';
import { revenueChange } from './revenue-change';

/** A line of an e-mailed revenue report: what it explains the change against, and why it moved. */
export type ChangeLine = (request: ReportQuery) => Promise<string | null>;

/**
 * The e-mailed revenue report's "What changed" line: its days against the same number of days
 * right before (a stored request keeps its days, not its preset), with its filters, in the
 * publisher's calendar and currency, worded as the web words it (revenue-change-text.ts). Other
 * report types get none; a failure to explain loses the line, never the e-mail.
 */
export function revenueChangeLine(deps: { db: Db; engine: Pick<ReportEngine, 'query'>; now?: () => Date }): ChangeLine {
  return async (request) => {
    if (request.reportType !== 'revenue') return null;
    try {
      const [{ today }, currency] = await Promise.all([
        reportingCalendarOf(deps.db, request.publisherId, deps.now?.() ?? new Date()),
        reportsRepo(deps.db).currencyOf(request.publisherId),
      ]);
      const range = { from: request.dateFrom, to: request.dateTo };
      const compared = comparedPeriod(range, 'custom', 'previous');
      const scope = { publisherId: request.publisherId, filters: request.filters ?? [] };
      const change = await revenueChange((q) => deps.engine.query(q), scope, range, compared, today);
      const sentence = revenueChangeSentence('Revenue', { currency: currency ?? 'USD', ...change });
      return `What changed against ${formatDay(compared.from)} to ${formatDay(compared.to)}: ${sentence}`;
    } catch {
      return null;
    }
  };
}
