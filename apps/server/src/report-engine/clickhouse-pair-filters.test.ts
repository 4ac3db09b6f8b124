import { describe, expect, it } from 'vitest';
import { pairFilters } from './clickhouse-derived';

describe('pairFilters', () => {
  it('names each day once under its publisher, in filters short enough for ClickHouse to parse', () => {
    expect(
      pairFilters([
        ['P1', '2024-05-01'],
        ['P2', '2024-05-01'],
        ['P1', '2024-05-02'],
      ]),
    ).toEqual(["((publisher_id = 'P1' AND date IN ('2024-05-01', '2024-05-02')) OR (publisher_id = 'P2' AND date IN ('2024-05-01')))"]);
    expect(pairFilters([["O'Brien", '2024-05-01']], 'toStartOfMonth(date)')).toEqual([
      "((publisher_id = 'O\\'Brien' AND toStartOfMonth(date) IN ('2024-05-01')))",
    ]);
    expect(pairFilters([])).toEqual([]);
  });

  it('splits many pairs over several filters of at most 200,000 characters, each pair in exactly one', () => {
    const days = Array.from({ length: 6_000 }, (_, n) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const pairs = ['P1', 'P2', 'P3', 'x'.repeat(200)].flatMap((pub) => days.map((day) => [pub, day] as const));
    const filters = pairFilters(pairs);
    expect(filters.length).toBeGreaterThan(1);
    for (const f of filters) expect(f.length).toBeLessThanOrEqual(200_000);
    const named = filters.join(' ').match(/'\d{4}-\d{2}-\d{2}'/g) ?? [];
    expect(named).toHaveLength(pairs.length);
  });
});
