import pg from 'pg';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/pool';
import { seedDemo } from '../src/demo/seed-demo';

export const TEMPLATE_DB = 'pc_test_template';

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;

/**
 * One PostgreSQL for the whole run: Debian's server through DATABASE_URL in CI's second pass,
 * the embedded one otherwise. A migrated, demo-seeded template database is built once; each test
 * file clones it (CREATE DATABASE ... TEMPLATE) so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    // A cluster per run, so parallel runs (several terminals, helpers) never share a data dir.
    dataDir = path.join(os.tmpdir(), `pc-test-db-${process.pid}`);
    embedded = await startEmbeddedPostgres(dataDir, log, 'postgres');
    adminUrl = embedded.url;
  }
  try {
    await buildTemplate(adminUrl, log);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

async function buildTemplate(adminUrl: string, log: pino.Logger) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const handle = openDatabase(templateUrl, log, 2);
  await migrate(handle.pool);
  await seedDemo(handle.db);
  await handle.close();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
