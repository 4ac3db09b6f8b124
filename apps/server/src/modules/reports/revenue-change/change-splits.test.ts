import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbExec, loadChdb } from '../../../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from '../../../report-engine/clickhouse-engine';
import type { ReportEngine, ReportQuery } from '../../../report-engine/report-engine';
import { engineWithTestFacts, loadTestFacts, roundedForCompare } from '../../../../test/reports/test-facts';
import { changeSplitsOf, type ChangeScope } from './change-splits';
import { revenueChange } from './revenue-change';

/*
 * An explanation is the same whichever way its splits are read: one report query per split and
 * period (the default, DuckDB) or ClickHouse's one statement (periodSplits). The ClickHouse part is
 * skipped without chDB, like the engine suite.
 */
const chdb = loadChdb();
// 2024-02-01 against 2024-01-31 of the test facts: revenue 3.00 against 0.50, a change to explain.
const RANGE = { from: '2024-02-01', to: '2024-02-01' };
const COMPARED = { from: '2024-01-31', to: '2024-01-31' };
const TODAY = '2024-03-01';
const ALL: ChangeScope = { publisherId: 'P1', filters: [] };
const DISPLAY: ChangeScope = { publisherId: 'P1', filters: [{ dimension: 'product_type', mode: 'include', values: ['Display'] }] };

const explain = (engine: ReportEngine, scope: ChangeScope, withSplits: boolean) => {
  const query = (q: ReportQuery) => engine.query(q);
  return withSplits
    ? revenueChange(query, scope, RANGE, COMPARED, TODAY, changeSplitsOf(engine, query))
    : revenueChange(query, scope, RANGE, COMPARED, TODAY);
};

describe('reading the splits of an explanation', () => {
  let duck: ReportEngine;
  beforeAll(async () => {
    duck = await engineWithTestFacts();
  });
  afterAll(() => duck.close());

  it('reads through the query function for an engine without its own reader (DuckDB): the same answer', async () => {
    const answer = await explain(duck, ALL, true);
    expect(answer.explanation.kind).toBe('explained');
    expect(answer).toEqual(await explain(duck, ALL, false));
  });

  describe.skipIf(!chdb)('ClickHouse (chDB)', () => {
    let ch: ClickHouseReportEngine;
    beforeAll(async () => {
      ch = new ClickHouseReportEngine(chdbExec(chdb!));
      await ch.init();
      await loadTestFacts(ch);
    });
    afterAll(() => ch.close());

    it('explains in one statement what one query per split and period explains, with and without filters', async () => {
      for (const scope of [ALL, DISPLAY]) {
        const answer = await explain(ch, scope, true);
        expect(answer.explanation.kind).toBe('explained');
        expect(roundedForCompare(answer)).toEqual(roundedForCompare(await explain(ch, scope, false)));
        expect(roundedForCompare(answer)).toEqual(roundedForCompare(await explain(duck, scope, false)));
      }
    });
  });
});
