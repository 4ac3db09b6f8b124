import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type pg from 'pg';

/**
 * A logical copy of the operational database without pg_dump (the embedded PostgreSQL ships only
 * initdb, pg_ctl and postgres): every table's rows as JSON lines, read in one REPEATABLE READ
 * snapshot so the copy is consistent while the server keeps writing, plus the sequences and the
 * migrations it was taken at. Restored into a database migrated to the same version.
 */
export interface DumpManifest {
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: string }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const FETCH = 2000;

async function tablesOf(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  // Top-level tables only: a partitioned table is read and written through its parent.
  const res = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'schema_migrations'
    GROUP BY c.relname ORDER BY c.relname`);
  return res.rows;
}

export async function dumpDatabase(pool: pg.Pool, dir: string): Promise<DumpManifest> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = (await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
    const tables: DumpManifest['tables'] = [];
    for (const t of await tablesOf(client)) {
      const out = createWriteStream(path.join(dir, `${t.name}.ndjson`));
      const cols = t.columns.map(ident).join(', ');
      await client.query(
        `DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS j FROM (SELECT ${cols} FROM ${ident(t.name)}) x`,
      );
      let rows = 0;
      for (;;) {
        const batch = await client.query<{ j: string }>(`FETCH ${FETCH} FROM dump`);
        for (const r of batch.rows) if (!out.write(`${r.j}\n`)) await once(out, 'drain');
        rows += batch.rows.length;
        if (batch.rows.length < FETCH) break;
      }
      await client.query('CLOSE dump');
      out.end();
      await once(out, 'finish');
      tables.push({ ...t, rows });
    }
    const sequences = (
      await client.query<{ name: string; value: string }>(
        `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
      )
    ).rows;
    await client.query('COMMIT');
    return { migrations, tables, sequences };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Loads a dump into a database migrated to the dump's version, in one transaction: every table
 * emptied (migrations seed some rows), the rows inserted with foreign-key triggers off
 * (session_replication_role, so the order of tables does not matter), the sequences set.
 */
export async function restoreDatabase(pool: pg.Pool, dir: string, manifest: DumpManifest): Promise<void> {
  const client = await pool.connect();
  try {
    const migrations = (await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
    if (migrations.join() !== manifest.migrations.join())
      throw new Error(
        `The backup was taken at migration ${manifest.migrations.at(-1)}, this build is at ${migrations.at(-1)}: restore it with the build that took it.`,
      );
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    const current = await tablesOf(client);
    await client.query(`TRUNCATE ${current.map((t) => ident(t.name)).join(', ')}`);
    for (const t of manifest.tables) {
      const file = path.join(dir, `${t.name}.ndjson`);
      if (!existsSync(file)) throw new Error(`The backup has no rows file for ${t.name}.`);
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      const cols = t.columns.map(ident).join(', ');
      for (let i = 0; i < lines.length; i += FETCH)
        await client.query(
          `INSERT INTO ${ident(t.name)} (${cols}) OVERRIDING SYSTEM VALUE
           SELECT ${cols} FROM json_populate_recordset(NULL::${ident(t.name)}, $1::json)`,
          [`[${lines.slice(i, i + FETCH).join(',')}]`],
        );
    }
    for (const s of manifest.sequences) await client.query('SELECT setval($1::regclass, $2::bigint)', [ident(s.name), s.value]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
