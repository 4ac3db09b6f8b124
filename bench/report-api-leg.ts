/**
 * The reports bench's API leg: the same queries through the real report route (auth, scope check,
 * validation, engine, response serialization) of an app built on the bench's fact store, with a
 * throw-away embedded PostgreSQL for users. Requests go through Fastify's inject (full HTTP
 * pipeline in process, no socket), so the figures are the server's own cost per request.
 */
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { TEST_PAYMENT_DETAILS_KEYS } from '../apps/server/test/test-keys';
import { seedDemo } from '../apps/server/src/demo/seed-demo';
import type { ReportEngine, ReportQuery } from '../apps/server/src/report-engine/report-engine';
import { startRuntime } from '../apps/server/src/runtime';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

export async function withReportApi<T>(engine: ReportEngine, fn: (call: (q: ReportQuery) => Promise<void>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-reports-'));
  chmodSync(dataDir, 0o755);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://bench.local',
    PAYMENT_DETAILS_KEYS: TEST_PAYMENT_DETAILS_KEYS,
  });
  const rt = await startRuntime(config);
  try {
    await seedDemo(rt.database.db);
    const { app } = await buildApp({ config, db: rt.database.db, logger: rt.logger, reportEngine: engine, startWorkers: false });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        payload: { email: DEMO_EMAILS.staff, password: DEMO_PASSWORD },
      });
      const { idToken } = signIn.json() as { idToken: string };
      const call = async (q: ReportQuery) => {
        const params = new URLSearchParams({
          reportType: q.reportType,
          publisherId: q.publisherId,
          dateFrom: String(noon(q.dateFrom)),
          dateTo: String(noon(q.dateTo)),
          dimensions: q.dimensions.join(','),
          metrics: q.metrics.join(','),
          interval: q.interval,
        });
        const res = await app.inject({
          method: 'GET',
          url: `/api/partner-center/report?${params}`,
          headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': q.publisherId },
        });
        if (res.statusCode !== 200) throw new Error(`report call failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
      };
      return await fn(call);
    } finally {
      // Closing the app closes the engine it was given: run this leg last.
      await app.close();
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
