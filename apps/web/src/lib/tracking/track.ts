import { TrackingEvents, type TrackingEventName, type UserScope } from '@pc/contracts';
import { loadScopeTools } from '../identity/scope-tools';
import { formatTrackingTimestamp } from './timestamp';
import { api } from '../api';

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
  try {
    const timestamp = formatTrackingTimestamp(new Date());
    const current = scope;
    void loadScopeTools()
      .then(({ trackingScope }) =>
        api('mp', {
          method: 'POST',
          keepalive: true,
          body: { event, timestamp, scope: current ? trackingScope(current) : null, ...(properties ? { properties } : {}) },
        }),
      )
      .catch(() => undefined);
    forwardToAnalytics(event, properties);
  } catch {
    /* swallowed on purpose */
  }
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
  // Sent to /mp first, while the scope of the session that ended is still known.
  track(TrackingEvents.analyticsReset);
  scope = null;
  try {
    analyticsGlobal()?.reset?.();
  } catch {
    /* ignored */
  }
}
