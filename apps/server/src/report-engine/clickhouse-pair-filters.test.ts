import { describe, expect, it } from 'vitest';
import { pairFilters } from './clickhouse-pair-filters';

/** The `publisher day` pairs a filter names (test publishers and days hold no quote or comma). */
const pairsNamed = (filter: string): string[] =>
  [...filter.matchAll(/\(publisher_id (?:= ('[^']*')|IN \(([^)]*)\)) AND date IN \(([^)]*)\)\)/g)].flatMap((m) => {
    const unquote = (list: string) => list.split(', ').map((t) => t.slice(1, -1));
    const days = unquote(m[3]!);
    return unquote(m[1] ?? m[2]!).flatMap((pub) => days.map((day) => `${pub} ${day}`));
  });

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
    const pairs = [
      ...['P1', 'P2', 'P3', 'x'.repeat(200)].flatMap((pub) => days.map((day) => [pub, day] as const)),
      // Many publishers with one day each (a daily file), and one with other days.
      ...Array.from({ length: 20_000 }, (_, n) => [`Q${n}`, '2024-05-01'] as const),
      ['R1', '2024-05-02'] as const,
    ];
    const filters = pairFilters(pairs);
    expect(filters.length).toBeGreaterThan(1);
    for (const f of filters) expect(f.length).toBeLessThanOrEqual(200_000);
    expect(filters.flatMap(pairsNamed).sort()).toEqual(pairs.map(([pub, day]) => `${pub} ${day}`).sort());
  });

  it('names publishers holding the same days in one clause', () => {
    expect(
      pairFilters([
        ['P1', '2024-05-01'],
        ['P2', '2024-05-01'],
        ['P2', '2024-05-02'],
        ['P3', '2024-05-01'],
      ]),
    ).toEqual([
      "((publisher_id IN ('P1', 'P3') AND date IN ('2024-05-01')) OR (publisher_id = 'P2' AND date IN ('2024-05-01', '2024-05-02')))",
    ]);
  });
});
