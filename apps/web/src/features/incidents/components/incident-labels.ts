import type { IncidentSeverity, IncidentStatus, IncidentType } from '@pc/contracts';

export const TYPE_LABELS: Record<IncidentType, string> = {
  downtime: 'Downtime',
  certificate: 'TLS certificate',
  adstxt: 'Ads.txt',
  vulnerability: 'Vulnerability',
  other: 'Other',
};
export const SEVERITY_LABELS: Record<IncidentSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const SEVERITY_COLORS: Record<IncidentSeverity, string> = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' };
export const STATUS_LABELS: Record<IncidentStatus, string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };
export const STATUS_COLORS: Record<IncidentStatus, string> = { open: 'red', acknowledged: 'yellow', resolved: 'green' };

/** Seconds since epoch (the spec's lastOccurrence) in the user's locale. */
export const fromEpoch = (s: number) => new Date(s * 1000).toLocaleString();
