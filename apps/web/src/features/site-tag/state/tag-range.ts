import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_REPORTING_TIME_ZONE, todayIn } from '@pc/contracts';

/** Inclusive UTC days, as the site-tag APIs take them. */
export interface TagRange {
  from: string;
  to: string;
}

export const TAG_PRESETS = [
  { value: '7', label: 'Last 7 days' },
  { value: '28', label: 'Last 28 days' },
  { value: '90', label: 'Last 90 days' },
] as const;
export type TagPreset = (typeof TAG_PRESETS)[number]['value'];
export const DEFAULT_PRESET: TagPreset = '28';

const DAY_MS = 86_400_000;
const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
export const shiftDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A preset's range: the last N days including today (tag data arrives within seconds, unlike report facts). */
export function presetRange(preset: TagPreset, today: string = todayIn(DEFAULT_REPORTING_TIME_ZONE)): TagRange {
  return { from: shiftDay(today, -(Number(preset) - 1)), to: today };
}

/** The range and site in the address (?range=7|28|90 or ?from=&to=, ?site=), so a view can be shared and reloaded. */
export function parseTagParams(
  params: URLSearchParams,
  today?: string,
): { preset: TagPreset | null; range: TagRange; siteId: string | null } {
  const from = params.get('from');
  const to = params.get('to');
  const siteId = params.get('site') || null;
  if (isDay(from) && isDay(to) && from <= to) return { preset: null, range: { from, to }, siteId };
  const preset = TAG_PRESETS.find((p) => p.value === params.get('range'))?.value ?? DEFAULT_PRESET;
  return { preset, range: presetRange(preset, today), siteId };
}

export function useTagRange() {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseTagParams(params), [params]);
  const update = useCallback(
    (change: { preset?: TagPreset; siteId?: string | null }) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (change.preset) {
            next.set('range', change.preset);
            next.delete('from');
            next.delete('to');
          }
          if (change.siteId !== undefined) {
            if (change.siteId) next.set('site', change.siteId);
            else next.delete('site');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { ...parsed, update };
}
