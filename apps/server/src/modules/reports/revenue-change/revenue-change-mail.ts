import { comparedPeriod, formatDay, revenueChangeSentence, type ReportDayRange } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { ReportEngine, ReportQuery } from '../../../report-engine/report-engine';
import { reportingCalendarOf } from '../reporting-calendar';
import { revenueChange } from './revenue-change';
import { publisherRecords } from '../../publishers';

/**
 * A line of a revenue report's e-mail or file: what it explains the change against, and why it
 * moved. `compared` is the report's comparison when it asked for one; without it, the same number
 * of days right before.
 */
export type ChangeLine = (request: ReportQuery, compared?: ReportDayRange) => Promise<string | null>;

/**
 * The revenue report's "What changed" line (e-mail, and the CSV/XLSX of a report with a
 * comparison): its days against `compared`, or the same number of days right before (a stored
 * request keeps its days, not its preset), with its filters, in the
 * publisher's calendar and currency, worded as the web words it (revenue-change-text.ts). Other
 * report types get none; a failure to explain loses the line, never the e-mail or the file.
 */
export function revenueChangeLine(deps: { db: Db; engine: Pick<ReportEngine, 'query'>; now?: () => Date }): ChangeLine {
  return async (request, asked) => {
    if (request.reportType !== 'revenue') return null;
    try {
      const [{ today }, currency] = await Promise.all([
        reportingCalendarOf(deps.db, request.publisherId, deps.now?.() ?? new Date()),
        publisherRecords(deps.db).currencyOf(request.publisherId),
      ]);
      const range = { from: request.dateFrom, to: request.dateTo };
      const compared = asked ?? comparedPeriod(range, 'custom', 'previous');
      const scope = { publisherId: request.publisherId, filters: request.filters ?? [] };
      const change = await revenueChange((q) => deps.engine.query(q), scope, range, compared, today);
      const sentence = revenueChangeSentence('Revenue', { currency, ...change });
      return `What changed against ${formatDay(compared.from)} to ${formatDay(compared.to)}: ${sentence}`;
    } catch {
      return null;
    }
  };
}
