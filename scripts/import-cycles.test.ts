import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_ROOTS, findImportCycles } from './import-cycles.mjs';

const ROOT = path.resolve(__dirname, '..');
const fixture = mkdtempSync(path.join(os.tmpdir(), 'pc-cycles-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('import cycles', () => {
  it('finds a cycle, type-only imports included', () => {
    writeFileSync(path.join(fixture, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(fixture, 'b.ts'), "import type { C } from './c';\nexport const b: C = 1;\n");
    writeFileSync(path.join(fixture, 'c.ts'), "import { a } from './a';\nexport type C = ReturnType<typeof a> extends never ? 0 : 1;\n");
    writeFileSync(path.join(fixture, 'd.ts'), "import { a } from './a';\nexport const d = a;\n");
    const { cycles } = findImportCycles(['.'], fixture);
    expect(cycles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has none in the code base', () => {
    const { files, cycles } = findImportCycles(SOURCE_ROOTS, ROOT);
    expect(files).toBeGreaterThan(500);
    expect(cycles).toEqual([]);
  });
});
