import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shapeViolations } from './code-shape.mjs';

const fixture = mkdtempSync(path.join(os.tmpdir(), 'pc-shape-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const statements = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('code shape', () => {
  it('finds a function over 80 own lines, nested functions not counted, and a file over 300 lines', () => {
    // 79 statements + the two lines of the braces: 81 lines of its own.
    writeFileSync(path.join(fixture, 'long-function.ts'), `export function long() {\n${statements(79)}\n}\n`);
    // 80 lines in all, but 40 of them are the nested function's: fits.
    writeFileSync(
      path.join(fixture, 'nested.ts'),
      `export function outer() {\n${statements(36)}\n  const inner = () => {\n${statements(38)}\n  };\n  return inner;\n}\n`,
    );
    writeFileSync(
      path.join(fixture, 'long-file.ts'),
      `${Array.from({ length: 301 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`,
    );
    writeFileSync(
      path.join(fixture, 'short-file.ts'),
      `${Array.from({ length: 300 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`,
    );

    const files = ['long-function.ts', 'nested.ts', 'long-file.ts', 'short-file.ts'];
    const over = shapeViolations(files, fixture, {});
    expect(over.files).toEqual([{ file: 'long-file.ts', lines: 301 }]);
    expect(over.functions).toEqual([{ file: 'long-function.ts', name: 'long', line: 1, own: 81 }]);

    // A file on the allow-list is left out, for both limits.
    expect(shapeViolations(files, fixture, { 'long-function.ts': 'being split', 'long-file.ts': 'being split' })).toEqual({
      files: [],
      functions: [],
    });
  });
});
