import type { UserScope } from '@pc/contracts';
import { loadScopeTools } from '../identity/scope-tools';
import { formatTrackingTimestamp } from './timestamp';
import { StorageKeys, readString } from '../storage';

let scope: UserScope | null = null;

/** Kept in sync by the auth provider so every event carries the current tracking scope. */
export function setTrackingScope(next: UserScope | null): void {
  scope = next;
}

type Props = Record<string, string | number | boolean | null>;

/**
 * Sends a usage event to the product's own /api/mp (spec section 7). Failures are swallowed:
 * tracking must never break or slow down what the user is doing.
 */
export function track(event: string, properties?: Props): void {
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const jwt = readString(StorageKeys.jwt);
    if (jwt) headers.Authorization = `Bearer ${jwt}`;
    const timestamp = formatTrackingTimestamp(new Date());
    const current = scope;
    void loadScopeTools()
      .then(({ trackingScope }) => {
        const body = JSON.stringify({
          event,
          timestamp,
          scope: current ? trackingScope(current) : null,
          ...(properties ? { properties } : {}),
        });
        return fetch('/api/mp', { method: 'POST', headers, body, keepalive: true });
      })
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

/** The analytics reset event sent 300 ms after logout (spec section 4, step 7). */
export function resetAnalytics(): void {
  scope = null;
  try {
    analyticsGlobal()?.reset?.();
  } catch {
    /* ignored */
  }
}
