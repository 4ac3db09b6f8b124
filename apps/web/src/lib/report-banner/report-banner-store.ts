import { useSyncExternalStore } from 'react';
import type { ReportListItem, ReportType } from '@pc/contracts';
import { StorageKeys, readJson, writeJson } from '../storage';

/** docs/product.md#entities: received and awaited report types, two duplicate-free persisted lists. */
export interface ReportBannerState {
  awaited: readonly ReportType[];
  received: readonly ReportType[];
}

const isType = (v: unknown): v is ReportType => v === 'revenue' || v === 'recirculation';

function readList(key: string): ReportType[] {
  const raw = readJson<unknown>(key, []);
  return Array.isArray(raw) ? [...new Set(raw.filter(isType))] : [];
}

let state: ReportBannerState = { awaited: readList(StorageKeys.reportsAwaited), received: readList(StorageKeys.reportsReceived) };
const listeners = new Set<() => void>();

function set(next: ReportBannerState): void {
  if (next.awaited.join() === state.awaited.join() && next.received.join() === state.received.join()) return;
  state = next;
  writeJson(StorageKeys.reportsAwaited, state.awaited);
  writeJson(StorageKeys.reportsReceived, state.received);
  listeners.forEach((l) => l());
}

export const addTo = (list: readonly ReportType[], t: ReportType): ReportType[] => (list.includes(t) ? [...list] : [...list, t]);
export const removeFrom = (list: readonly ReportType[], t: ReportType): ReportType[] => list.filter((x) => x !== t);

/**
 * docs/product.md#states: a listed report with isNew moves its type from awaited to received. Pure, so the
 * poller and the tests share it.
 */
export function applyReportList(
  s: ReportBannerState,
  reports: readonly (Pick<ReportListItem, 'type' | 'isNew'> & Partial<Pick<ReportListItem, 'status'>>)[],
): ReportBannerState {
  let { awaited, received } = s;
  const seen = new Set<ReportType>();
  for (const r of reports) {
    // The list is newest first: when the newest export of an awaited type failed, it is no longer
    // awaited (polling for it would never end).
    const newest = !seen.has(r.type);
    seen.add(r.type);
    if (newest && r.status === 'failed' && awaited.includes(r.type)) {
      awaited = removeFrom(awaited, r.type);
      continue;
    }
    if (r.isNew && awaited.includes(r.type)) {
      awaited = removeFrom(awaited, r.type);
      received = addTo(received, r.type);
    }
  }
  return { awaited, received };
}

export const reportBanner = {
  getState: (): ReportBannerState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Call after creating an export: the banner appears once the report is ready. */
  awaitReport: (type: ReportType) => set({ ...state, awaited: addTo(state.awaited, type) }),
  stopAwaiting: (type: ReportType) => set({ ...state, awaited: removeFrom(state.awaited, type) }),
  receive: (type: ReportType) => set({ awaited: removeFrom(state.awaited, type), received: addTo(state.received, type) }),
  /** Closing the banner, or visiting that report page on tab_1. */
  dismiss: (type: ReportType) => set({ ...state, received: removeFrom(state.received, type) }),
  applyReports: (reports: readonly Pick<ReportListItem, 'type' | 'isNew'>[]) => set(applyReportList(state, reports)),
  /** Test helper and sign-out hook: re-reads the persisted lists. */
  reload: () => {
    state = { awaited: readList(StorageKeys.reportsAwaited), received: readList(StorageKeys.reportsReceived) };
    listeners.forEach((l) => l());
  },
};

/** React access: `useReportBanner().awaitReport('revenue')`. */
export function useReportBanner() {
  const s = useSyncExternalStore(reportBanner.subscribe, reportBanner.getState, reportBanner.getState);
  return {
    awaited: s.awaited,
    received: s.received,
    awaitReport: reportBanner.awaitReport,
    stopAwaiting: reportBanner.stopAwaiting,
    dismiss: reportBanner.dismiss,
  };
}
