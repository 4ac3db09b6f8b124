import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicatePairs } from './duplicate-pairs.mjs';

let root: string;
const body = (name: string) =>
  [
    `export function ${name}(rows: { id: string; amount: number; currency: string }[]) {`,
    '  const totals = new Map<string, number>();',
    '  for (const row of rows) {',
    '    const before = totals.get(row.currency) ?? 0;',
    '    totals.set(row.currency, before + row.amount);',
    '  }',
    '  const sorted = [...totals.entries()].sort((a, b) => b[1] - a[1]);',
    '  return sorted.map(([currency, amount]) => `${currency} ${amount.toFixed(2)}`).join(", ");',
    '}',
    '',
  ].join('\n');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pc-dup-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src/a.ts'), body('totalsOf'));
  await writeFile(path.join(root, 'src/b.ts'), body('totalsOf'));
  await writeFile(path.join(root, 'src/c.ts'), 'export const one = 1;\n');
  await writeFile(path.join(root, 'src/a.test.ts'), body('totalsOf'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('duplicate pairs', () => {
  it('finds the same lines in two product files, and leaves tests out', async () => {
    const pairs = await duplicatePairs(['src'], root);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatch(/^src\/[ab]\.ts:1-\d+ ~ src\/[ab]\.ts:1-\d+$/);
  });
});
