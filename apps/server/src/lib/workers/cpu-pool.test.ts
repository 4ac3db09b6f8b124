import { describe, expect, it, onTestFinished } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { withoutTsx } from './cpu-pool';

const run = promisify(execFile);

describe('withoutTsx', () => {
  it('drops every way of loading tsx and keeps the other flags', () => {
    expect(
      withoutTsx([
        '--import',
        'tsx',
        '--import=tsx',
        '--require',
        '/app/node_modules/tsx/dist/cjs/index.cjs',
        '-r',
        'tsx/cjs',
        '--loader=tsx/esm',
        '--enable-source-maps',
        '--import',
        './instrument.mjs',
        '--require=dotenv/config',
      ]),
    ).toEqual(['--enable-source-maps', '--import', './instrument.mjs', '--require=dotenv/config']);
  });

  it('keeps a module whose name only contains "tsx"', () => {
    expect(withoutTsx(['--import', 'my-tsx-helper', '--import=./tsx-free.mjs'])).toEqual([
      '--import',
      'my-tsx-helper',
      '--import=./tsx-free.mjs',
    ]);
  });
});

describe('the CPU pool', () => {
  it("starts its threads without the server process's tsx flag", async () => {
    // As `npm start` runs the server: node --import tsx. The thread reports its own flags.
    const pool = pathToFileURL(path.join(import.meta.dirname, 'cpu-pool.ts')).href;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-pool-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const task = path.join(dir, 'flags.mjs');
    writeFileSync(task, 'export default () => process.execArgv;\n');
    const code = [
      `const { createCpuPool } = await import(${JSON.stringify(pool)});`,
      'const p = createCpuPool({ maxThreads: 1 });',
      `const flags = await p.run(null, { filename: ${JSON.stringify(task)} });`,
      'console.log(JSON.stringify({ main: process.execArgv, thread: flags }));',
      'await p.destroy();',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: import.meta.dirname });
    expect(JSON.parse(stdout)).toEqual({
      main: ['--import', 'tsx', '--input-type=module', '-e', code],
      thread: ['--input-type=module', '-e', code],
    });
  });
});
