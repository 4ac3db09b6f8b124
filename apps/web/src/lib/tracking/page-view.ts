import { TrackingEvents } from '@pc/contracts';
import { track } from './track';

/** Ids in a path (numbers, uuids, long hex keys) become ':id', so pages group by screen, not record. */
export function pagePath(pathname: string): string {
  const segments = pathname.split('/').map((s) => (/^\d+$|^[0-9a-f-]{16,}$/i.test(s) ? ':id' : s));
  return segments.join('/').slice(0, 200) || '/';
}

/** One 'Page View' /mp event per route change, with the partner in view (the console's usage analytics). */
export function trackPageView(pathname: string, publisherId: string | null): void {
  track(TrackingEvents.pageView, { page: pagePath(pathname), ...(publisherId ? { publisher_id: publisherId } : {}) });
}
