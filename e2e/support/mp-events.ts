import type { Page, Request } from '@playwright/test';

/** One product-analytics event as the web app posts it to /api/mp (spec section 7). */
export interface MpEvent {
  event: string;
  timestamp: string;
  properties?: Record<string, unknown>;
}

/** The spec's event timestamp format, dd/MM/yyyy, HH:mm:ss. */
export const SPEC_TIMESTAMP = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/;

/** Every event the page posts to /api/mp from now on, in order (the array fills as they happen). */
export function recordMp(page: Page): MpEvent[] {
  const events: MpEvent[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/mp') events.push(req.postDataJSON() as MpEvent);
  });
  return events;
}
