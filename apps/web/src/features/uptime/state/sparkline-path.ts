/**
 * An SVG path through the points scaled into width x height (higher value = higher on screen),
 * starting a new segment after each gap (null); null when there is nothing to draw.
 */
export function sparklinePath(points: (number | null)[], width: number, height: number, pad = 2): string | null {
  const values = points.filter((p): p is number => p !== null && Number.isFinite(p));
  if (values.length === 0) return null;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = points.length > 1 ? (width - pad * 2) / (points.length - 1) : 0;
  const y = (v: number) => (max === min ? height / 2 : pad + (height - pad * 2) * (1 - (v - min) / span));
  let d = '';
  let pen = false;
  points.forEach((p, i) => {
    if (p === null || !Number.isFinite(p)) {
      pen = false;
      return;
    }
    const x = pad + i * step;
    d += `${pen ? 'L' : 'M'}${x.toFixed(1)} ${y(p).toFixed(1)}`;
    pen = true;
  });
  // A lone point between gaps would draw nothing: give it a tiny horizontal stroke.
  return d.replace(/M([\d.]+) ([\d.]+)(?=M|$)/g, (_m, x: string, yy: string) => `M${x} ${yy}h1`);
}
