import { describe, expect, it } from 'vitest';
import type { MetricKey } from '@pc/contracts';
import { chdbExec, CHDB_DIR, loadChdb } from '../../test/reports/chdb-test-exec';
import { METRIC_SQL, prefixed } from './clickhouse-sql-parts';
import { METRIC_VALUE, metricValues } from './metric-values';

const METRICS = Object.keys(METRIC_VALUE) as MetricKey[];

/** Base sums with the edges a report meets: zeros, nothing read (null), cents that do not add up in binary. */
const SAMPLES: Record<string, number | null>[] = [
  { r: 1234567, i: 987654, rv: 1234.5678, nrv: 864.19746, pv: 50321, ck: 1234 },
  { r: 0, i: 0, rv: 0, nrv: 0, pv: 0, ck: 0 },
  { r: null, i: 3, rv: 0.1 + 0.2, nrv: 0.07, pv: 7, ck: 0 },
  { r: 3, i: 0, rv: 1e-9, nrv: 12345678.91, pv: 1, ck: 1 },
];

describe('metric values', () => {
  it('are null for a ratio over zero or over nothing, and for a metric the plan cannot answer', () => {
    const [, zeros, noRequests] = SAMPLES as [unknown, Record<string, number | null>, Record<string, number | null>];
    const row = (sums: Record<string, number | null>) => Object.fromEntries(Object.entries(sums).map(([k, v]) => [`__p_${k}`, v]));
    expect(metricValues(['fillRate', 'eCpm', 'cpm', 'organicCtr', 'revenue'], {}, row(zeros), '__p_')).toEqual({
      fillRate: null,
      eCpm: null,
      cpm: null,
      organicCtr: null,
      revenue: 0,
    });
    expect(metricValues(['impRequests', 'eCpm', 'cpm'], {}, row(noRequests), '__p_')).toEqual({
      impRequests: null,
      eCpm: null,
      cpm: ((0.1 + 0.2) * 1000) / 3,
    });
    expect(metricValues(['impressions', 'impRequests'], { impRequests: 'not at this grain' }, { __p_r: 5, __p_i: '7' }, '__p_')).toEqual({
      impressions: 7,
      impRequests: null,
    });
  });
});

/*
 * The ClickHouse engine returns base sums and computes the metrics in JavaScript: they must be the
 * very doubles ClickHouse's METRIC_SQL gives, so both engines' answers and the exports (which keep
 * METRIC_SQL) agree to the last bit. Without chDB the check is skipped locally and fails in CI.
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse metric check: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

describe.skipIf(!chdb)('metric values against ClickHouse', () => {
  it('are bit for bit what METRIC_SQL computes from the same sums', async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    const ch = chdbExec(chdb);
    try {
      for (const sums of SAMPLES) {
        const literal = (v: number | null, type: string) =>
          v === null ? `CAST(NULL AS Nullable(${type}))` : `to${type}(${JSON.stringify(v)})`;
        const parts = `SELECT ${literal(sums.r ?? null, 'Int64')} AS r, ${literal(sums.i ?? null, 'Int64')} AS i, ${literal(sums.rv ?? null, 'Float64')} AS rv,
          ${literal(sums.nrv ?? null, 'Float64')} AS nrv, ${literal(sums.pv ?? null, 'Int64')} AS pv, ${literal(sums.ck ?? null, 'Int64')} AS ck`;
        const columns = METRICS.map((m) => `${METRIC_SQL[m](prefixed('s.'))} AS ${m}`).join(', ');
        const [fromSql] = await ch.query<Record<string, number | null>>(
          `SELECT ${columns} FROM (${parts}) AS s SETTINGS output_format_json_quote_64bit_integers = 0`,
        );
        const fromJs = metricValues(METRICS, {}, sums, '');
        expect(fromJs).toEqual(fromSql);
      }
    } finally {
      await ch.close();
    }
  });
});
