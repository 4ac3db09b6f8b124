import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync } from 'node:fs';

const quoted = (p: string) => `'${p.replace(/'/g, "''")}'`;

/** The statement that writes a DuckDB database's schema and rows (Parquet) into `dir`, in one snapshot. */
export const exportStatement = (dir: string) => `EXPORT DATABASE ${quoted(dir)} (FORMAT PARQUET)`;

/** Exports a DuckDB file no process holds (the server is stopped), opened read-only. */
export async function exportDuckDbFile(file: string, dir: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  try {
    await conn.run(exportStatement(dir));
    return true;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** Imports an export into a new DuckDB file (before any engine creates its tables there). */
export async function importDuckDbFile(dir: string, file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  try {
    await conn.run(`IMPORT DATABASE ${quoted(dir)}`);
    await conn.run('CHECKPOINT');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
