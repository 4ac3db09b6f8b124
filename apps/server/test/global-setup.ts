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

/** The template database of a Vitest project: each project that runs API tests builds its own. */
export const templateDbOf = (projectName: string) => `pc_test_template_${projectName.replace(/[^a-z0-9]/gi, '_')}`;

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
    dataDir = path.join(os.tmpdir(), `pc-test-db-${process.pid}-${project.name}`);
    embedded = await startEmbeddedPostgres(dataDir, log, 'postgres');
    adminUrl = embedded.url;
  }
  try {
    await buildTemplate(adminUrl, templateDbOf(project.name), log);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', templateDbOf(project.name));
  return async () => {
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

async function buildTemplate(adminUrl: string, template: string, log: pino.Logger) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, template);
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
    /** The migrated, demo-seeded database each test file clones. */
    pgTemplate: string;
  }
}
