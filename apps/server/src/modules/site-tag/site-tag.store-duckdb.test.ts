import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { siteTagStoreSuite } from '../../../test/site-tag/site-tag-store-suite';
import { refreshOpenRollup } from './site-tag.open-rollup';
import { duckDbSiteTagStore } from './site-tag.store';

/* The site-tag store suite on the embedded DuckDB store (its day rollups and open-day snapshot). */
siteTagStoreSuite('DuckDB', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-tag-suite-'));
  const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
  await engine.init();
  const store = duckDbSiteTagStore(engine, { tmpDir: dir });
  return {
    engine,
    store,
    settle: async (s) => {
      await refreshOpenRollup(s);
    },
    async close() {
      await store.close();
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
