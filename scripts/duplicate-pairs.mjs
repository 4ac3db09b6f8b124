// The duplicate-pair count of the product code, printed beside the shape figures by `npm run shape`
// (CI runs it): pairs of places sharing 6 or more lines of 50 or more tokens (jscpd), tests and
// fixtures left out. A figure to watch, not a gate: some pairs are meant (the generated cluster DDL
// against its schema, form fields of the same shape); docs/architecture.md lists those kept.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// jscpd's ESM build imports a CommonJS module by a path Node does not resolve: its CommonJS build works.
const { detectClones } = createRequire(import.meta.url)('jscpd');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PRODUCT_ROOTS = ['apps/server/src', 'apps/server/tag', 'apps/web/src', 'packages/contracts/src'];

/** Every duplicated pair of places in `roots` (relative to `root`), as "file:start-end ~ file:start-end". */
export async function duplicatePairs(roots = PRODUCT_ROOTS, root = ROOT) {
  const clones = await detectClones({
    path: roots.map((r) => path.join(root, r)),
    format: ['typescript', 'tsx'],
    ignore: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixture.ts', '**/node_modules/**'],
    minLines: 6,
    minTokens: 50,
    silent: true,
    reporters: [],
  });
  const where = (d) => `${path.relative(root, d.sourceId)}:${d.start.line}-${d.end.line}`;
  return clones.map((c) => `${where(c.duplicationA)} ~ ${where(c.duplicationB)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pairs = await duplicatePairs();
  console.log(`duplicate pairs (6+ lines, 50+ tokens, tests left out): ${pairs.length}`);
  if (process.argv.includes('--list')) for (const p of pairs) console.log(`  ${p}`);
}
