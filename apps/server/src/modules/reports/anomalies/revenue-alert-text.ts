import { describeChange, formatDay, formatMoney, type ReportDay } from '@pc/contracts';
import type { Anomaly } from './revenue-anomalies';
import { BASELINE_WEEKS } from './revenue-anomalies';
import type { SeriesScope } from './revenue-series';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (day: ReportDay) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;

/** "Revenue drop on Northwind Sport: −38.0% against a usual Friday" (a product type leads: "Video revenue drop on …"). */
export function alertTitle(scope: SeriesScope, a: Anomaly): string {
  const what = scope.productType ? `${scope.productType} revenue ${a.kind}` : `Revenue ${a.kind}`;
  const where = scope.site === null ? 'across all sites' : `on ${scope.site}`;
  return `${what} ${where}: ${describeChange({ kind: 'change', ratio: a.change })} against a usual ${weekdayOf(a.date)}`;
}

export const alertCategory = (a: Anomaly) => (a.kind === 'drop' ? 'Revenue drop' : 'Revenue spike');

/** Halving revenue is urgent; a smaller drop matters; a spike is good news worth a look (invalid traffic, a tracking error). */
export const alertSeverity = (a: Anomaly): 'high' | 'medium' | 'low' => (a.kind === 'spike' ? 'low' : a.change <= -0.5 ? 'high' : 'medium');

/** The incident's recorded detail: each value already in words, as the timeline and the e-mail show it. */
export function alertDetail(a: Anomaly, currency: string, explanation: string | null): Record<string, string> {
  return {
    day: a.date,
    revenue: formatMoney(a.value, currency),
    usualRevenue: formatMoney(a.expected, currency),
    change: describeChange({ kind: 'change', ratio: a.change }),
    ...(explanation ? { explanation } : {}),
  };
}

/** The e-mail: what happened, against what, and why revenue moved (the report's own explanation). */
export function alertMessage(title: string, a: Anomaly, currency: string, explanation: string | null) {
  const lines = [
    `${title}.`,
    `${formatDay(a.date)}: revenue ${formatMoney(a.value, currency)} against a usual ${formatMoney(a.expected, currency)} ` +
      `(the median ${weekdayOf(a.date)} of the previous ${BASELINE_WEEKS} weeks).`,
  ];
  if (explanation) lines.push(explanation);
  return { subject: title, text: lines.join('\n') };
}
