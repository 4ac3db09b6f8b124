import type { AdsTxtItem } from '@pc/contracts';
import { countOf, formatDateTime } from '../../../lib/format/number-format';

type Status = AdsTxtItem['status'];
type Redirection = AdsTxtItem['ads_txt_redirection_status'];

/** Text first: the badge colour only repeats what the words say (accessibility). */
export function statusLabel(item: Pick<AdsTxtItem, 'status' | 'missingCount'> & Partial<Pick<AdsTxtItem, 'ignoredLines'>>): string {
  // A file read with lines buyers drop is not simply "Authorized": say how many they ignore.
  const ignored = item.ignoredLines ? `, ${countOf(item.ignoredLines, 'line')} ignored by buyers` : '';
  switch (item.status) {
    case 'authorized':
      return `Authorized${ignored}`;
    case 'missing_lines':
      return `Missing lines (${item.missingCount})${ignored}`;
    case 'not_found':
      return 'Not found';
    case 'error':
      return 'Error';
    case 'not_crawled':
      return 'Not crawled yet';
  }
}

export const statusColor: Record<Status, string> = {
  authorized: 'teal',
  missing_lines: 'yellow',
  not_found: 'red',
  error: 'red',
  not_crawled: 'gray',
};

export const redirectionLabel: Record<Redirection, string> = {
  not_set_up: 'Not set up',
  pending: 'Pending',
  verified: 'Verified',
  broken: 'Broken',
};

export const redirectionColor: Record<Redirection, string> = {
  not_set_up: 'gray',
  pending: 'yellow',
  verified: 'teal',
  broken: 'red',
};

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago"; under a minute is "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const fmt = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of units) {
    if (Math.abs(diff) >= ms) return fmt.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

/** The exact moment behind a relative one, zone named (the shared formatter). */
export const absoluteTime = (iso: string) => formatDateTime(iso);
