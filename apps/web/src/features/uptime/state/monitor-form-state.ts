import { MonitorInputSchema, intervalList, type Monitor, type MonitorInput } from '@pc/contracts';
import { splitList } from './monitor-format';

/** The form's values as typed (numbers and lists as text); converted by `toInput`. */
export interface MonitorFormState {
  name: string;
  url: string;
  method: 'GET' | 'HEAD' | 'POST';
  siteId: string | null;
  intervalSeconds: string;
  timeoutSeconds: string;
  retries: string;
  acceptedStatusCodes: string;
  keyword: string;
  keywordMode: 'contains' | 'absent';
  certExpiryDays: string;
  followRedirects: boolean;
  notifyEmails: string;
}
export type MonitorField = keyof MonitorFormState;

/**
 * A new monitor: every 5 minutes (or the plan's shortest interval when longer; with the plan's
 * offered intervals, the first of them from there), 2xx accepted.
 */
export function initialFormState(m?: Monitor, minIntervalSeconds = 60, allowed: readonly number[] = []): MonitorFormState {
  const preferred = Math.max(300, minIntervalSeconds);
  const interval = allowed.length ? (allowed.find((s) => s >= preferred) ?? allowed.at(-1)!) : preferred;
  return {
    name: m?.name ?? '',
    url: m?.url ?? 'https://',
    method: m?.method ?? 'GET',
    siteId: m?.siteId ?? null,
    intervalSeconds: String(m?.intervalSeconds ?? interval),
    timeoutSeconds: String(m?.timeoutSeconds ?? 10),
    retries: String(m?.retries ?? 1),
    acceptedStatusCodes: (m?.acceptedStatusCodes ?? ['200-299']).join(', '),
    keyword: m?.keyword ?? '',
    keywordMode: m?.keywordMode ?? 'contains',
    certExpiryDays: String(m?.certExpiryDays ?? 14),
    followRedirects: m?.followRedirects ?? true,
    notifyEmails: (m?.notifyEmails ?? []).join(', '),
  };
}

/**
 * Validates with the contracts' schema (the one the API applies): the input to send, or the first
 * message per field. The plan's shortest interval and, when given, its offered intervals
 * (uptime.check_intervals) are checked here too, with the server's words, so the user learns them before saving.
 */
export function toInput(
  s: MonitorFormState,
  minIntervalSeconds = 30,
  allowed: readonly number[] = [],
): { data: MonitorInput; errors: null } | { data: null; errors: Partial<Record<MonitorField, string>> } {
  const parsed = MonitorInputSchema.safeParse({
    name: s.name,
    url: s.url,
    method: s.method,
    siteId: s.siteId,
    intervalSeconds: s.intervalSeconds.trim(),
    timeoutSeconds: s.timeoutSeconds.trim(),
    retries: s.retries.trim(),
    acceptedStatusCodes: splitList(s.acceptedStatusCodes),
    keyword: s.keyword.trim() || null,
    keywordMode: s.keywordMode,
    certExpiryDays: s.certExpiryDays.trim(),
    followRedirects: s.followRedirects,
    notifyEmails: splitList(s.notifyEmails),
  });
  const errors: Partial<Record<MonitorField, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as MonitorField] ??= issue.message;
  else if (parsed.data.intervalSeconds < minIntervalSeconds)
    errors.intervalSeconds = `Your plan checks at most every ${minIntervalSeconds} seconds.`;
  else if (allowed.length && !allowed.includes(parsed.data.intervalSeconds))
    errors.intervalSeconds = `Your plan checks every ${intervalList(allowed)}. Choose one of these intervals.`;
  return parsed.success && Object.keys(errors).length === 0 ? { data: parsed.data, errors: null } : { data: null, errors };
}
