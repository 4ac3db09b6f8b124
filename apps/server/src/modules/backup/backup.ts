import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/pool';
import { createJobQueue } from '../../lib/jobs/job-queue';
import { STORE_ID_FILE } from '../fact-store';
import { exportDuckDbFile, importDuckDbFile } from './duckdb-backup';
import { dumpDatabase, restoreDatabase, type DumpManifest } from './pg-logical-dump.repo';
import { STORE_BACKUP_QUEUE, type StoreBackupPayload } from './store-backup.job';

/** What a backup folder holds (manifest.json), beside postgres/, facts/, site-tag/, exports/, keys/. */
interface BackupManifest {
  format: 1;
  takenAt: string;
  postgres: DumpManifest;
  facts: boolean;
  siteTag: boolean;
}

const FOLDERS = ['exports', 'keys'] as const;

function exportsDirOf(config: AppConfig) {
  return path.resolve(config.EXPORTS_DIR ?? path.join(config.DATA_DIR, 'exports'));
}

/** The DuckDB stores exported by the server holding them (a job it runs), waited for here. */
async function exportThroughServer(database: DatabaseHandle, log: Logger, payload: StoreBackupPayload, timeoutMs = 10 * 60_000) {
  const jobs = createJobQueue(database.db, log);
  const id = await jobs.enqueue(STORE_BACKUP_QUEUE, payload, { maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await database.db.selectFrom('jobs').select(['status', 'last_error']).where('id', '=', id).executeTakeFirst();
    if (job?.status === 'done') return;
    if (job?.status === 'failed') throw new Error(`The server could not export its report stores: ${job.last_error ?? 'no reason given'}`);
    if (Date.now() > deadline)
      throw new Error('The running server did not export its report stores within 10 minutes (is it running its workers?).');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A consistent copy of the embedded default while the server runs: PostgreSQL (one snapshot),
 * the DuckDB stores (DuckDB's own export, one snapshot each, by the process holding them), the
 * export files, the keys folder and the store id. A DuckDB file no process holds is exported
 * here; one a server holds (DuckDB refuses a second process) is exported by that server.
 */
export async function backup(config: AppConfig, database: DatabaseHandle, log: Logger, dir: string): Promise<BackupManifest> {
  const out = path.resolve(dir);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty: back up into a new folder.`);
  mkdirSync(path.join(out, 'postgres'), { recursive: true });
  const dataDir = path.resolve(config.DATA_DIR);
  const facts = path.join(dataDir, 'facts.duckdb');
  const siteTag = path.join(dataDir, 'site-tag.duckdb');
  const payload = { factsDir: path.join(out, 'facts'), siteTagDir: path.join(out, 'site-tag') };
  try {
    await exportDuckDbFile(facts, payload.factsDir);
    await exportDuckDbFile(siteTag, payload.siteTagDir);
  } catch (err) {
    if (!/lock/i.test((err as Error).message)) throw err;
    rmSync(payload.factsDir, { recursive: true, force: true });
    await exportThroughServer(database, log, payload);
  }
  const postgres = await dumpDatabase(database.pool, path.join(out, 'postgres'));
  const sources: Record<(typeof FOLDERS)[number], string> = { exports: exportsDirOf(config), keys: path.join(dataDir, 'keys') };
  for (const f of FOLDERS) if (existsSync(sources[f])) cpSync(sources[f], path.join(out, f), { recursive: true });
  if (existsSync(path.join(dataDir, STORE_ID_FILE))) cpSync(path.join(dataDir, STORE_ID_FILE), path.join(out, STORE_ID_FILE));
  const manifest: BackupManifest = {
    format: 1,
    takenAt: new Date().toISOString(),
    postgres,
    facts: existsSync(payload.factsDir),
    siteTag: existsSync(payload.siteTagDir),
  };
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Why DATA_DIR cannot take a restore (it holds data of its own), or null. */
export function restorableInto(dataDir: string, embedded: boolean): string | null {
  const names = ['facts.duckdb', 'site-tag.duckdb', STORE_ID_FILE, 'keys', 'exports', ...(embedded ? ['pg'] : [])];
  const taken = names.filter((f) => existsSync(path.join(dataDir, f)));
  return taken.length ? `${dataDir} is not empty (${taken.join(', ')}): restore into an empty DATA_DIR.` : null;
}

/** Restores a backup into an empty DATA_DIR whose PostgreSQL the runtime has just created and migrated. */
export async function restore(config: AppConfig, database: DatabaseHandle, dir: string): Promise<BackupManifest> {
  const from = path.resolve(dir);
  const manifestFile = path.join(from, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${from} holds no backup (manifest.json is missing).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const dataDir = path.resolve(config.DATA_DIR);
  await restoreDatabase(database.pool, path.join(from, 'postgres'), manifest.postgres);
  if (manifest.facts) await importDuckDbFile(path.join(from, 'facts'), path.join(dataDir, 'facts.duckdb'));
  if (manifest.siteTag) await importDuckDbFile(path.join(from, 'site-tag'), path.join(dataDir, 'site-tag.duckdb'));
  const targets: Record<(typeof FOLDERS)[number], string> = { exports: exportsDirOf(config), keys: path.join(dataDir, 'keys') };
  for (const f of FOLDERS) if (existsSync(path.join(from, f))) cpSync(path.join(from, f), targets[f], { recursive: true });
  if (existsSync(path.join(from, STORE_ID_FILE))) cpSync(path.join(from, STORE_ID_FILE), path.join(dataDir, STORE_ID_FILE));
  return manifest;
}
