import type { MonitorStatus } from '@pc/contracts';

const DASH = '—';

export const STATUS_LABEL: Record<MonitorStatus, string> = { up: 'Up', down: 'Down', pending: 'Pending', paused: 'Paused' };
export const STATUS_COLOR: Record<MonitorStatus, string> = { up: 'green', down: 'red', pending: 'gray', paused: 'yellow' };

/** Uptime as the list shows it: 99.95 %, 100 %, or a dash before the first check. */
export function formatUptime(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return DASH;
  // Two decimals only where they carry information (99.95 %); never round 99.999 up to 100.
  const floored = Math.floor(pct * 100) / 100;
  return `${floored === 100 ? '100' : floored.toFixed(2)} %`;
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return DASH;
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** "30 s", "5 min", "1 h 30 min", "1 day": an interval in the words the form's hint uses. */
export function formatInterval(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds >= 86_400 && seconds % 86_400 === 0) return seconds === 86_400 ? '1 day' : `${seconds / 86_400} days`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', s ? `${s} s` : ''].filter(Boolean).join(' ');
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 days ago"; a dash when never. */
export function formatAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return DASH;
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  const d = Math.floor(s / 86_400);
  return `${d} day${d === 1 ? '' : 's'} ago`;
}

/**
 * When a monitor that has not been checked yet will be: within a minute "checking soon", else in
 * minutes or hours (monitors resumed together are spread over their interval); a dash when paused.
 */
export function formatFirstCheck(nextCheckAt: string | null | undefined, now = Date.now()): string {
  if (!nextCheckAt) return DASH;
  const s = Math.round((new Date(nextCheckAt).getTime() - now) / 1000);
  if (s <= 60) return 'checking soon';
  if (s < 3600) return `first check in ${Math.ceil(s / 60)} min`;
  const h = Math.floor(s / 3600);
  const min = Math.ceil((s - h * 3600) / 60);
  return `first check in ${h} h${min > 0 && min < 60 ? ` ${min} min` : ''}`;
}

/** The certificate's expiry in days and whether it is inside the monitor's warning window. */
export function certState(certExpiresAt: string | null, warnDays: number, now = Date.now()) {
  if (!certExpiresAt) return null;
  const days = Math.floor((new Date(certExpiresAt).getTime() - now) / 86_400_000);
  const expired = days < 0;
  const text = expired ? 'Expired' : days === 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}`;
  return { days, text, warning: expired || (warnDays > 0 && days <= warnDays) };
}

/** "200-299, 301" -> ["200-299", "301"]: the form's text for accepted codes and e-mails. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Server field keys ("body.acceptedStatusCodes.1") mapped onto the form's field names. */
export function fieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) out[key.replace(/^body\./, '').split('.')[0]!] ??= message;
  return out;
}

/** Bar colour of one day's uptime: green when all checks passed, orange for some failures, red below 95 %. */
export function uptimeColor(pct: number | null): string {
  if (pct === null) return 'gray.3';
  if (pct >= 99.9) return 'green.6';
  if (pct >= 95) return 'orange.5';
  return 'red.6';
}
