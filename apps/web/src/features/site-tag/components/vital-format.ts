import type { VitalRating, WebVitalName } from '@pc/contracts';
import { WEB_VITAL_THRESHOLDS } from '@pc/contracts';

export const VITAL_LABELS: Record<WebVitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};
export const VITAL_ORDER: WebVitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

export const RATING_LABELS: Record<VitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };
export const RATING_COLORS: Record<VitalRating, string> = { good: 'teal', 'needs-improvement': 'yellow', poor: 'red' };

/** LCP 2480 -> "2.48 s", INP 180 -> "180 ms", CLS 0.081 -> "0.08". */
export function formatVital(metric: WebVitalName, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (metric === 'CLS') return value.toFixed(2);
  if (metric === 'INP' || value < 1000) return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/** "good ≤ 2.5 s, poor > 4 s" from the published thresholds. */
export function thresholdText(metric: WebVitalName): string {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  return `Good up to ${formatVital(metric, good)}, poor above ${formatVital(metric, poor)}`;
}
