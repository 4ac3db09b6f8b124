import pg from 'pg';
import pino from 'pino';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../src/app';
import type { AppDeps } from '../src/app-deps';
import { loadConfig, type AppConfig } from '../src/config/env';
import { openDatabase, type Db } from '../src/db/pool';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../src/demo/demo-data';
import { withDatabase } from './global-setup';
import { TEST_PAYMENT_DETAILS_KEYS } from './test-keys';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  databaseUrl: string;
  built: BuiltApp;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated, demo-seeded template; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `pc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh database cloned from the migrated, demo-seeded template, and the app on top of it. */
export async function createTestApp(
  env: Record<string, string> = {},
  extra: Partial<
    Pick<AppDeps, 'adsTxtCrawler' | 'sellersJsonFetch' | 'siteTagFetch' | 'monitorsFetch' | 'webhooksFetch' | 'dnsTxtResolver'>
  > = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const databaseUrl = database.url;
  const logger = pino({ level: 'silent' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-test-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://partners.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    DATA_DIR: dataDir,
    PAYMENT_DETAILS_KEYS: TEST_PAYMENT_DETAILS_KEYS,
    ...env,
  });
  const handle = openDatabase(databaseUrl, logger, 5);
  const built = await buildApp({ config, db: handle.db, logger, startWorkers: false, databaseUrl, ...extra });
  const { app } = built;
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    databaseUrl,
    built,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await handle.close();
      await database.drop();
    },
  };
}

export const DEMO = { ...DEMO_EMAILS, password: DEMO_PASSWORD } as const;

export async function signIn(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as { idToken: string; user: { uid: string } }), refreshToken: refreshCookieOf(res) };
}

/** The refresh token the answer set in its httpOnly cookie (the body never carries it). */
export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((k) => k.name === 'pc_refresh');
  if (!c?.value) throw new Error('no refresh cookie in the answer');
  return c.value;
}

/** What the web client does to refresh: POST with the cookie and the CSRF header. */
export const refreshWithCookie = (app: FastifyInstance, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/identity/token',
    headers: { 'x-requested-with': 'pc-web' },
    cookies: { pc_refresh: refreshToken },
  });

export const bearer = (token: string, publisherId?: string) => ({
  authorization: `Bearer ${token}`,
  ...(publisherId ? { 'publisher-scope': publisherId } : {}),
});

/** A read-only reporting API key of the publisher, made through the API, as the headers that present it. */
export async function reportingKeyHeaders(app: FastifyInstance, idToken: string, publisherId: string, name = 'BI tool') {
  const created = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys',
    headers: bearer(idToken, publisherId),
    payload: { name, access: 'read' },
  });
  if (created.statusCode !== 200) throw new Error(`API key not created: ${created.statusCode} ${created.body}`);
  return { authorization: `Bearer ${created.json<{ secret: string }>().secret}` };
}
