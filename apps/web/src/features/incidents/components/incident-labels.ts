import {
  epochNoonToDay,
  formatDateTime,
  formatDay,
  type Incident,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '@pc/contracts';

export const TYPE_LABELS: Record<IncidentType, string> = {
  downtime: 'Downtime',
  certificate: 'TLS certificate',
  adstxt: 'Ads.txt',
  vulnerability: 'Vulnerability',
  revenue: 'Revenue',
  other: 'Other',
};
export const SEVERITY_LABELS: Record<IncidentSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const SEVERITY_COLORS: Record<IncidentSeverity, string> = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' };
export const STATUS_LABELS: Record<IncidentStatus, string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };
export const STATUS_COLORS: Record<IncidentStatus, string> = { open: 'red', acknowledged: 'yellow', resolved: 'green' };

/** Seconds since epoch (the spec's lastOccurrence) as the shared date-time: day, time and the reader's zone. */
export const fromEpoch = (s: number) => formatDateTime(s * 1000);

/**
 * When an incident last happened. A revenue incident is about a day of the report (the day judged,
 * recorded as its midnight UTC), not a moment: it shows the day, not "12:00:00 AM" of it.
 */
export const lastOccurrenceText = (i: Pick<Incident, 'type' | 'lastOccurrence'>) =>
  i.type === 'revenue' ? formatDay(epochNoonToDay(i.lastOccurrence * 1000)) : fromEpoch(i.lastOccurrence);

/** A moment's day in the reader's zone ("Mar 5, 2026"); text that is not a moment as it is. */
function dayOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatDay(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
}

/** A camelCase or snake_case key in words: missingLines -> "Missing lines". */
const inWords = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** How each detail a detecting system records reads in the timeline (unknown keys: "Key in words: value"). */
const DETAIL_TEXT: Record<string, (v: string | number | boolean) => string> = {
  url: (v) => `Address ${v}`,
  domain: (v) => `Domain ${v}`,
  httpStatus: (v) => `HTTP ${v}`,
  error: (v) => String(v),
  at: (v) => `Checked ${formatDateTime(String(v))}`,
  // A certificate's end is a moment, but a reader plans by the day: the day in the reader's zone.
  certExpiresAt: (v) => `Certificate expires ${dayOf(String(v))}`,
  status: (v) => `Status: ${inWords(String(v)).toLowerCase()}`,
  missingLines: (v) => (Number(v) === 1 ? '1 required line missing' : `${v} required lines missing`),
  library: (v) => `In ${v}`,
  path: (v) => `Path ${v}`,
  header: (v) => `Header ${v}`,
  // A revenue anomaly: the day, its revenue against the usual, and why it moved.
  day: (v) => `On ${formatDay(String(v))}`,
  revenue: (v) => `revenue ${v}`,
  usualRevenue: (v) => `usual ${v}`,
  change: (v) => String(v),
  explanation: (v) => String(v).replace(/\.$/, ''),
};

/**
 * What the detecting system recorded with an occurrence, as a sentence ("Address https://…;
 * HTTP 502; 2 required lines missing."), never as raw keys; null when it recorded nothing to show.
 */
export function occurrenceDetail(d: Record<string, unknown> | null): string | null {
  if (!d) return null;
  const parts = Object.entries(d)
    .filter((e): e is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof e[1]) && e[1] !== '')
    .map(([k, v]) => (DETAIL_TEXT[k] ?? ((x) => `${inWords(k)}: ${x}`))(v));
  return parts.length ? `${parts.join('; ')}.` : null;
}

/**
 * A new occurrence reopens an acknowledged incident: who acknowledged it and when still matter, so
 * the panel says it came back after that, instead of an open incident silently keeping its
 * acknowledgement. Null when it did not come back.
 */
export function cameBackNote(i: Pick<Incident, 'status' | 'acknowledgedBy' | 'acknowledgedAt' | 'lastOccurrence'>): string | null {
  if (i.status !== 'open' || i.acknowledgedBy === null || i.acknowledgedAt === null) return null;
  if (i.lastOccurrence * 1000 <= Date.parse(i.acknowledgedAt)) return null;
  return `It came back on ${fromEpoch(i.lastOccurrence)} after ${i.acknowledgedBy} acknowledged it on ${formatDateTime(i.acknowledgedAt)}.`;
}
