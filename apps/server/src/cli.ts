import path from 'node:path';
import { hashPassword, randomSecret } from './identity/passwords';
import { DuckDbReportEngine } from './report-engine/duckdb-engine';
import { createReportEngine } from './report-engine/create-engine';
import type { ReportEngine } from './report-engine/report-engine';
import { recordedIngestFile, withIngestLock } from './modules/data-loads';
import { notifyReportsChanged } from './modules/reports';
import type { ReportType } from '@pc/contracts';
import { seedDemo } from './demo/seed-demo';
import { resolveSecretKeys } from './lib/keys/key-store';
import { createSecretBox } from './lib/keys/secret-box';
import { upgradeSecretsAtRest } from './secrets-at-rest-upgrade';
import { StartRefused, configOrExit, exitWhenDrained, startRuntime, type Runtime } from './runtime';
import { retireOlderSigningKeys, rotateSigningKey } from './identity/signing-keys';
import { backup, restorableInto, restore } from './modules/backup';
import { runningEmbeddedUrl } from './db/embedded-postgres';

const USAGE = `Usage: npm run cli -- <command>
  migrate                 apply database migrations
  seed-demo               add the demo publishers and users (once)
  create-admin <email>    create a provider admin (PublisherID ALL, AdminAccess true) and print a one-time password
  ingest revenue|recirculation <file.csv|file.ndjson>
                          load report facts; each (publisher, day) in the file replaces what was stored
  finalize revenue|recirculation <publisherId> <YYYY-MM-DD>
                          mark figures up to that day final (later days show as estimated)
  reencrypt-payment-details
                          after adding a new first key to PAYMENT_DETAILS_KEYS: rewrite bank details and webhook secrets still on an older key
  rotate-signing-key      add a new ID-token signing key (restart every server process to sign with it)
  retire-signing-keys     after every process restarted and ID_TOKEN_TTL_SECONDS passed: stop trusting older keys
  backup <dir>            copy PostgreSQL, the report stores, export files and keys into <dir> (the server may run)
  restore <dir>           restore a backup into an empty DATA_DIR (then start the server on it)`;

type Command = (rt: Runtime, args: string[]) => Promise<void>;

async function withEngine<T>(rt: Runtime, fn: (engine: ReportEngine) => Promise<T>): Promise<T> {
  const engine = createReportEngine(rt.config);
  try {
    await engine.init();
  } catch (err) {
    if (!(engine instanceof DuckDbReportEngine)) throw err;
    // DuckDB lets one process write its file: the running server holds it (ClickHouse has no such limit).
    // Some engine errors carry no message: never print "undefined".
    const why = (err instanceof Error && err.message) || String(err) || 'locked';
    throw new Error(
      `cannot open the fact store ${path.join(rt.config.DATA_DIR, 'facts.duckdb')} (${why}): a running server holds it. Stop the server first, or load the file while it is stopped.`,
      { cause: err },
    );
  }
  try {
    return await fn(engine);
  } finally {
    await engine.close();
  }
}

const reportTypeArg = (value: string | undefined): ReportType => {
  if (value !== 'revenue' && value !== 'recirculation') throw new Error('the report type is revenue or recirculation');
  return value;
};

const commands: Record<string, Command> = {
  async backup(rt, [dir]) {
    if (!dir) throw new Error('backup needs a folder to write to');
    const m = await backup(rt.config, rt.database, rt.logger, dir);
    const rows = m.postgres.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `backup written to ${path.resolve(dir)}: ${m.postgres.tables.length} tables (${rows} rows), report stores ${m.facts ? 'included' : 'absent'}`,
    );
  },
  async restore(rt, [dir]) {
    if (!dir) throw new Error('restore needs the backup folder');
    const m = await restore(rt.config, rt.database, dir);
    console.log(`restored the backup of ${m.takenAt} into ${path.resolve(rt.config.DATA_DIR)}; start the server on it`);
  },
  async 'reencrypt-payment-details'(rt) {
    // PAYMENT_DETAILS_KEYS, or the key a demo generated in this DATA_DIR (never a new one).
    const box = createSecretBox(resolveSecretKeys(rt.config, { existingDemoKey: true }));
    const n = await upgradeSecretsAtRest(rt.database.db, box, { rotation: true });
    console.log(`${n.paymentDetails} payment settings and ${n.webhookSecrets} webhook secrets re-encrypted with the current key`);
  },
  async migrate() {
    console.log('migrations are up to date');
  },
  async 'seed-demo'(rt) {
    console.log((await seedDemo(rt.database.db)) ? 'demo data seeded' : 'demo data already present');
  },
  async ingest(rt, [type, file]) {
    const reportType = reportTypeArg(type);
    if (!file) throw new Error('ingest needs a file');
    // The lock first: a second concurrent ingest is told so, not that the fact store is busy.
    // Recorded (applied, rejected or failed) for the console's Data loads view.
    const outcome = await withIngestLock(rt.database.db, () =>
      withEngine(rt, (engine) => recordedIngestFile(rt.database.db, engine, reportType, file)),
    );
    console.log(`rows read: ${outcome.rowsRead}, inserted: ${outcome.rowsApplied}, skipped (bad): ${outcome.rowsRejected}`);
    if (outcome.errors.length) {
      for (const e of outcome.errors.slice(0, 50)) console.error(e.line > 0 ? `line ${e.line}: ${e.message}` : e.message);
      if (outcome.errors.length > 50)
        console.error(`… and more; the first ${Math.min(outcome.errors.length, 100)} reasons are under Data loads`);
      const bad = outcome.rowsRejected ? `${outcome.rowsRejected} bad row(s) of ${outcome.rowsRead}` : 'the file was refused';
      throw new Error(`nothing applied: ${bad} in ${file}`);
    }
    console.log(`applied ${outcome.rowsApplied} rows; ${outcome.daysReplaced} publisher-days replaced`);
  },
  async finalize(rt, [type, publisherId, date]) {
    const reportType = reportTypeArg(type);
    if (!publisherId || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('finalize needs a publisher id and a YYYY-MM-DD date');
    await withEngine(rt, (engine) => engine.setFinalizedThrough(publisherId, reportType, date));
    // Estimated marks change: every server process drops this publisher's cached reports.
    await notifyReportsChanged(rt.database.db, [publisherId]);
    console.log(`${reportType} figures of ${publisherId} are final through ${date}`);
  },
  async 'rotate-signing-key'(rt) {
    const kid = await rotateSigningKey(rt.database.db);
    console.log(`new signing key ${kid}: restart every server process; then, after ID_TOKEN_TTL_SECONDS, run retire-signing-keys`);
  },
  async 'retire-signing-keys'(rt) {
    console.log(`${await retireOlderSigningKeys(rt.database.db)} older signing key(s) retired`);
  },
  async 'create-admin'(rt, [email]) {
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('create-admin needs a valid e-mail address');
    const password = randomSecret(12);
    await rt.database.db
      .insertInto('users')
      .values({ email, password_hash: await hashPassword(password), publisher_scope: 'ALL', admin_access: true })
      .execute()
      .catch((err: Error) => {
        // The unique index on lower(email) is the arbiter, so two concurrent runs cannot both succeed.
        throw new Error(/duplicate|unique/i.test(err.message) ? `a user with ${email} already exists` : err.message);
      });
    console.log(`admin ${email} created; temporary password: ${password}\nSign in and change it under Profile.`);
  },
};

async function run() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(USAGE);
    // Nothing is open yet: the process ends by itself (runtime.ts says why not exit()).
    process.exitCode = name ? 2 : 0;
    return;
  }
  // The CLI works on the same database as the server (embedded under DATA_DIR or DATABASE_URL);
  // migrations run on open, so every command sees the current schema.
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn', ...process.env };
  if (name === 'restore') {
    const refused = restorableInto(path.resolve(configOrExit(env, { secretKeys: false }).DATA_DIR), !env.DATABASE_URL);
    if (refused) throw new Error(refused);
  }
  // A backup while the embedded default runs reads PostgreSQL through the server's own cluster.
  if (name === 'backup' && !env.DATABASE_URL) {
    const running = runningEmbeddedUrl(configOrExit(env, { secretKeys: false }).DATA_DIR);
    if (running) env.DATABASE_URL = running;
  }
  const rt = await startRuntime(configOrExit(env, { secretKeys: false }));
  try {
    await command(rt, args);
  } finally {
    await rt.stop();
  }
}

run().catch((err: unknown) => {
  // Already reported, with nothing opened: the process ends by itself (runtime.ts says why not exit()).
  if (err instanceof StartRefused) return;
  console.error(err instanceof Error ? err.message : String(err));
  exitWhenDrained(1);
});
