import { DuckDbReportEngine } from './duckdb-engine';
import { engineSuite } from '../../test/reports/engine-suite';

engineSuite('DuckDB', async () => {
  const engine = new DuckDbReportEngine(':memory:');
  await engine.init();
  return engine;
});
