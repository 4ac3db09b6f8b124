/**
 * Latency per request type and the text tables `npm run bench:load` prints (pure: no I/O).
 */

/** The p-th quantile (0..1) of ascending values, nearest rank; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

export interface TypeSummary {
  type: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
}

/** Latencies and failures by request type, in the order types were first seen. */
export class LatencyRecorder {
  private readonly byType = new Map<string, { ms: number[]; errors: number; statuses: Map<string, number> }>();

  record(type: string, ms: number, ok: boolean, status: string): void {
    let t = this.byType.get(type);
    if (!t) this.byType.set(type, (t = { ms: [], errors: 0, statuses: new Map() }));
    t.ms.push(ms);
    if (!ok) {
      t.errors++;
      t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
    }
  }

  summary(): TypeSummary[] {
    return [...this.byType].map(([type, t]) => {
      const sorted = [...t.ms].sort((a, b) => a - b);
      return { type, count: sorted.length, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), errors: t.errors };
    });
  }

  /** "401 x3, socket x1" per type that failed: what the errors were. */
  failures(): string[] {
    return [...this.byType]
      .filter(([, t]) => t.errors > 0)
      .map(([type, t]) => `${type}: ${[...t.statuses].map(([s, n]) => `${s} x${n}`).join(', ')}`);
  }
}

/** Columns padded to their widest cell; numbers (and the header above them) right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Thousands separators, up to two decimals (the caller rounds); NaN as "-". */
export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return '-';
  return n.toLocaleString('en', { maximumFractionDigits: 2 });
}

/** Per-type results of one leg as table rows, with the p95 target's verdict. */
export function typeRows(summary: readonly TypeSummary[], p95TargetMs: number): (string | number)[][] {
  return summary.map((s) => [
    s.type,
    s.count,
    round1(s.p50Ms),
    round1(s.p95Ms),
    s.errors,
    s.p95Ms <= p95TargetMs && s.errors === 0 ? 'ok' : 'MISSED',
  ]);
}

/**
 * One vs two processes side by side: the rows of each leg joined on the request type (a type only
 * one leg saw gets "-" on the other side).
 */
export function sideBySideRows(one: readonly TypeSummary[], two: readonly TypeSummary[]): (string | number)[][] {
  const types = [...new Set([...one.map((s) => s.type), ...two.map((s) => s.type)])];
  return types.map((type) => {
    const a = one.find((s) => s.type === type);
    const b = two.find((s) => s.type === type);
    return [type, a?.count ?? NaN, round1(a?.p95Ms ?? NaN), a?.errors ?? NaN, b?.count ?? NaN, round1(b?.p95Ms ?? NaN), b?.errors ?? NaN];
  });
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;
