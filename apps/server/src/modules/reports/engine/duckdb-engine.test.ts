import { DuckDbReportEngine } from './duckdb-engine';
import { engineSuite } from './engine-suite';

engineSuite('DuckDB', async () => {
  const engine = new DuckDbReportEngine(':memory:');
  await engine.init();
  return engine;
});
