import { useSyncExternalStore } from 'react';

/**
 * Spec error catalogue: a 5xx on a page's data load shows the 500 page. The data fetcher raises
 * this flag and the root layout renders the 500 page in place of the route (so its once-per-60-s
 * reload rule reloads the page that failed). Navigating elsewhere clears it.
 */
let failed = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (failed === next) return;
  failed = next;
  listeners.forEach((l) => l());
}

export const serverError = {
  report: () => set(true),
  clear: () => set(false),
  get: () => failed,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useServerError(): boolean {
  return useSyncExternalStore(serverError.subscribe, serverError.get, serverError.get);
}
