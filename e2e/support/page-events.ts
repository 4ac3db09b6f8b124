import type { ConsoleMessage, Page, Request, Response } from '@playwright/test';

/**
 * The one home of what journeys record from a page while it runs (requests it sends, responses
 * it gets, what it logs): each recorder returns an array that fills as things happen, in order,
 * so a journey reads it at any moment or polls it (`expect.poll(() => events)`).
 */

/** The values `pick` takes from every request the page sends from now on (none: `[]`). */
export function recordRequests<T>(page: Page, pick: (req: Request) => readonly T[]): T[] {
  const out: T[] = [];
  page.on('request', (req) => void out.push(...pick(req)));
  return out;
}

/** The values `pick` takes from every response the page gets from now on; `pick` may read the body. */
export function recordResponses<T>(page: Page, pick: (res: Response) => Promise<readonly T[]>): T[] {
  const out: T[] = [];
  page.on('response', async (res) => void out.push(...(await pick(res))));
  return out;
}

/** The text of every console message `keep` accepts, from now on. */
export function recordConsole(page: Page, keep: (m: ConsoleMessage) => boolean): string[] {
  const out: string[] = [];
  page.on('console', (m) => void (keep(m) && out.push(m.text())));
  return out;
}

/** Errors the page shows a developer: console errors and uncaught exceptions (their messages). */
export function recordPageErrors(page: Page): string[] {
  const out = recordConsole(page, (m) => m.type() === 'error');
  page.on('pageerror', (e) => void out.push(e.message));
  return out;
}

/** One product-analytics event as the web app posts it to /api/mp (spec section 7), with when it left the browser. */
export interface MpEvent {
  event: string;
  timestamp: string;
  scope?: { type: string } | null;
  properties?: Record<string, unknown>;
  /** Date.now() in the journey when the request was sent. */
  at: number;
}

/** The spec's event timestamp format, dd/MM/yyyy, HH:mm:ss. */
export const SPEC_TIMESTAMP = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/;

const isMp = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/mp';

/** Every event the page posts to /api/mp from now on. */
export function recordMp(page: Page): MpEvent[] {
  return recordRequests(page, (req) => (isMp(req) ? [{ ...(req.postDataJSON() as Omit<MpEvent, 'at'>), at: Date.now() }] : []));
}

/** The names of the events the page posts to /api/mp from now on. */
export function recordMpNames(page: Page): string[] {
  return recordRequests(page, (req) => {
    const name = isMp(req) ? (req.postDataJSON() as { event?: string } | null)?.event : undefined;
    return name ? [name] : [];
  });
}
