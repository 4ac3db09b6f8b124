/**
 * Filters naming (publisher, day) pairs in a ClickHouse statement's text: what a publish deletes
 * and re-sums (clickhouse-derived.ts, clickhouse-ingest.ts).
 */

/** A ClickHouse string literal. */
const literal = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * Filters on (publisher id, YYYY-MM-DD) pairs, `(publisher_id IN ('P1', 'P2') AND date IN
 * ('2024-05-01', ...)) OR ...`, each at most FILTER_BYTES long (ClickHouse parses at most 256 KiB of
 * SQL). Publishers with the same days share one clause (a file usually holds the same days for
 * every publisher), and each day is named in 14 bytes: a publish of 10,000 pairs is one DELETE per
 * table, where 2,000 `(publisher, day)` tuples per statement made it five (each a mutation of its
 * table: 6 s of a 2 M-row file's replacement on chDB). One clause per publisher instead made a
 * daily file of 3,000 publishers an OR of 3,000 terms, which chDB took 3 s to apply to each table
 * even when they were nearly empty. Days as plain strings, which IN converts to the Date once
 * (toDate() around each took about 4 times as long to plan). Literals rather than a subquery on a
 * staging table: on a sharded cluster the statement runs on every shard, where that table does not exist.
 */
export function pairFilters(pairs: readonly (readonly [string, string])[], dateExpr = 'date'): string[] {
  const filters: string[] = [];
  let clauses: string[] = [];
  let size = 0;
  const flush = () => {
    if (clauses.length > 0) filters.push(`(${clauses.join(' OR ')})`);
    clauses = [];
    size = 0;
  };
  const add = (clause: string) => {
    if (size + clause.length > FILTER_BYTES) flush();
    clauses.push(clause);
    size += clause.length + 4;
  };
  for (const { publishers, days } of publishersBySameDays(pairs)) {
    for (let n = 0; n < days.length; n += DAYS_PER_CLAUSE) {
      const inDays = `${dateExpr} IN (${days
        .slice(n, n + DAYS_PER_CLAUSE)
        .map(literal)
        .join(', ')})`;
      for (const names of chunksWithin(publishers.map(literal), FILTER_BYTES - inDays.length - 64)) {
        add(names.length === 1 ? `(publisher_id = ${names[0]} AND ${inDays})` : `(publisher_id IN (${names.join(', ')}) AND ${inDays})`);
      }
    }
  }
  flush();
  return filters;
}
const FILTER_BYTES = 200_000;
const DAYS_PER_CLAUSE = 5_000;

/** The pairs as groups of publishers holding exactly the same days (in first-seen order). */
function publishersBySameDays(pairs: readonly (readonly [string, string])[]): { publishers: string[]; days: string[] }[] {
  const daysOf = new Map<string, string[]>();
  for (const [pub, day] of pairs) {
    const days = daysOf.get(pub);
    if (days) days.push(day);
    else daysOf.set(pub, [day]);
  }
  const groups = new Map<string, { publishers: string[]; days: string[] }>();
  for (const [pub, days] of daysOf) {
    const key = days.join(',');
    const group = groups.get(key);
    if (group) group.publishers.push(pub);
    else groups.set(key, { publishers: [pub], days });
  }
  return [...groups.values()];
}

/** `items` in order, cut into runs whose joined length (with ", ") stays within `bytes` (one item at least). */
function chunksWithin(items: readonly string[], bytes: number): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let size = 0;
  for (const item of items) {
    if (chunk.length > 0 && size + item.length > bytes) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(item);
    size += item.length + 2;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
