import { sparklinePath } from '../state/sparkline-path';

/**
 * The list's 24-hour response-time line: plain SVG (one per row, so no chart library), gaps where
 * an hour had no check. Decorative for screen readers; the figures are in the row's cells.
 */
export function Sparkline({ points, width = 120, height = 28 }: { points: (number | null)[]; width?: number; height?: number }) {
  const d = sparklinePath(points, width, height);
  if (!d) return <span aria-hidden>—</span>;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden focusable="false">
      <path d={d} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
