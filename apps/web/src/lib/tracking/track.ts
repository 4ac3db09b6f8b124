import { TrackingEvents, type TrackingEventName, type UserScope } from '@pc/contracts';
import { loadScopeTools } from '../identity/scope-tools';
import { formatTrackingTimestamp } from './timestamp';
import { readJson, removeKey, writeString } from '../storage';

let scope: UserScope | null = null;

/** Kept in sync by the auth provider so every event carries the current tracking scope. */
export function setTrackingScope(next: UserScope | null): void {
  scope = next;
}

export type TrackingProperties = Record<string, string | number | boolean | null>;
type Props = TrackingProperties;

/**
 * Sends a usage event to the product's own /api/mp (docs/product.md#tracking) through the shared API client
 * (bearer token when signed in, time-out, error shape). Failures are swallowed: tracking must never
 * break or slow down what the user is doing.
 */
export function track(event: TrackingEventName, properties?: Props): void {
  send(event, properties, formatTrackingTimestamp(new Date()));
}

function send(event: TrackingEventName, properties: Props | undefined, timestamp: string): void {
  try {
    const current = scope;
    // Signed out, the server takes events only from the signed-out pages: it is told which one.
    const props = current ? properties : { page: window.location.pathname, ...properties };
    void Promise.all([loadScopeTools(), import('./send-event')])
      .then(([{ trackingScope }, { sendEvent }]) =>
        sendEvent({ event, timestamp, scope: current ? trackingScope(current) : null, ...(props ? { properties: props } : {}) }),
      )
      .catch(() => undefined);
    forwardToAnalytics(event, properties);
  } catch {
    /* swallowed on purpose */
  }
}

// Events handed from a page that is about to unload to the next page (sessionStorage: this tab only).
const HANDED_OVER_KEY = 'pc_handed_over_events';
interface HandedOverEvent {
  event: TrackingEventName;
  properties?: Props;
  timestamp: string;
}
let leftByFullLoad = false;

/**
 * Called by the light sign-in entry (app/sign-in-router.tsx), whose pages go on to the app by a
 * full page load: an event sent at that moment (Login) would die with the page, in the browser's
 * analytics library for sure and possibly on its way to /mp.
 */
export function handEventsToNextPage(): void {
  leftByFullLoad = true;
}

/**
 * An event of the moment the page is left for the signed-in app (Login). In the full app it is
 * sent at once; on the sign-in entry it is handed to the app's page, which sends it with the time it
 * happened once the session is known (sendHandedOverEvents), through the same client and tools.
 */
export function trackOnNextPage(event: TrackingEventName, properties?: Props): void {
  const timestamp = formatTrackingTimestamp(new Date());
  if (!leftByFullLoad) return send(event, properties, timestamp);
  try {
    // (Reading the sessionStorage global throws where storage is disabled: then it is sent here.)
    const list = readJson<HandedOverEvent[]>(HANDED_OVER_KEY, [], sessionStorage);
    list.push({ event, timestamp, ...(properties ? { properties } : {}) });
    writeString(HANDED_OVER_KEY, JSON.stringify(list), sessionStorage);
  } catch {
    send(event, properties, timestamp);
  }
}

/** Sends what the sign-in entry handed over (bootstrap calls it once the app is signed in). */
export function sendHandedOverEvents(): void {
  if (leftByFullLoad) return;
  let list: HandedOverEvent[];
  try {
    list = readJson<HandedOverEvent[]>(HANDED_OVER_KEY, [], sessionStorage);
    removeKey(HANDED_OVER_KEY, sessionStorage);
  } catch {
    return;
  }
  if (Array.isArray(list)) for (const e of list) send(e.event, e.properties, e.timestamp);
}

interface AnalyticsGlobal {
  track?: (event: string, props?: Props) => void;
  reset?: () => void;
}

function analyticsGlobal(): AnalyticsGlobal | undefined {
  return (window as unknown as { pcAnalytics?: AnalyticsGlobal }).pcAnalytics;
}

function forwardToAnalytics(event: string, properties?: Props): void {
  try {
    analyticsGlobal()?.track?.(event, properties);
  } catch {
    /* third-party failure: ignored */
  }
}

/** The analytics reset event sent 300 ms after logout (docs/product.md#states, step 7). */
export function resetAnalytics(): void {
  // The session has ended (its token is gone): /mp counts the event as the signed-out page's, so it
  // goes without the old scope, which the server would refuse without a token to match it.
  scope = null;
  track(TrackingEvents.analyticsReset);
  try {
    analyticsGlobal()?.reset?.();
  } catch {
    /* ignored */
  }
}
