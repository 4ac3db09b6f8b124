import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:');
const c = await inst.connect();
await c.run(`CREATE TEMP TABLE stg (d VARCHAR, v DOUBLE)`);
for (const args of [['stg'], ['stg','temp'], ['stg','main','temp']] as const) {
  try { const a = await c.createAppender(...(args as [string])); a.appendVarchar('2024-01-01'); a.appendDouble(1.5); a.endRow(); a.closeSync(); console.log('ok', args); } catch (e) { console.log('fail', args, (e as Error).message); }
}
console.log((await c.runAndReadAll('select count(*)::INT n from stg')).getRowObjectsJS());
await c.run('BEGIN'); await c.run(`CREATE TABLE x AS SELECT 1 a`); await c.run('ROLLBACK');
console.log((await c.runAndReadAll(`select count(*)::INT n from information_schema.tables where table_name='x'`)).getRowObjectsJS());
const t0=performance.now(); for (let i=0;i<100;i++){ const cc = await inst.connect(); cc.closeSync(); } console.log('conn ms', (performance.now()-t0)/100);
