import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledWorker } from './worker-bundle';

const csvWork = new URL('../../modules/reports/export/csv-work.ts', import.meta.url);
const fallback = new URL('../../modules/reports/export/export-worker.mjs', import.meta.url);

// The CSV export's worker loads plain JS, not TypeScript through tsx.
describe('bundledWorker', () => {
  it('writes the worker as one plain-JS module that node loads without tsx, named by its content', async () => {
    const first = await bundledWorker(csvWork, fallback);
    expect(first.bundled).toBe(true);
    expect(first.filename).toMatch(/\/node_modules\/\.cache\/pc-workers\/csv-work-[0-9a-f]{16}\.mjs$/);
    // The same source gives the same file (a restart or a second process reuses it).
    expect((await bundledWorker(csvWork, fallback)).filename).toBe(first.filename);
    const code = readFileSync(fileURLToPath(first.filename), 'utf8');
    // The local imports are inside; packages stay imports.
    expect(code).toContain('function encodeCsvChunkBytes');
    expect(code).not.toMatch(/from ["']\.\.?\//);
    // A plain node (no --import tsx) loads it and encodes a chunk to the UTF-8 CSV bytes.
    const script = `const m = await import(${JSON.stringify(first.filename)});
      const out = m.csvChunk({ chunk: { rowCount: 2, columns: [['=a', 'b,c'], [1.5, null]] }, width: 2 });
      const { Piscina } = await import('piscina');
      const bytes = out[Piscina.valueSymbol];
      if (!(bytes instanceof Uint8Array)) throw new Error('not moved bytes');
      process.stdout.write(Buffer.from(bytes).toString('utf8'));`;
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH ?? '' } });
    expect(printed.toString()).toBe(`'=a,1.5\r\n"b,c",\r\n`);
  });

  it('falls back to the given entry when the worker cannot be bundled', async () => {
    const missing = new URL('./no-such-worker.ts', import.meta.url);
    expect(await bundledWorker(missing, fallback)).toEqual({ filename: fallback.href, bundled: false });
  });
});
