// Import cycles in the TypeScript sources: type-only imports count too (a cycle of types still ties
// two files into one unit a reader has to take in together). Strongly connected components of the
// graph of relative imports (Tarjan), so each cycle is reported once with every file in it.
// `node scripts/import-cycles.mjs [folders...]` prints them and exits 1 when there is one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/tag',
  'apps/web/src',
  'packages/contracts/src',
  'bench',
  'e2e',
  'scripts',
];

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.resolve(full));
  }
  return out;
}

function importsOf(file, known) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    const spec = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec.text);
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((c) => known.has(c));
    if (target) found.push(target);
  }
  return found;
}

/** Every cycle among the files under `roots` (paths relative to `cwd`), each as its list of files. */
export function findImportCycles(roots, cwd = process.cwd()) {
  const files = roots.flatMap((r) => sourceFiles(path.resolve(cwd, r)));
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(path.relative(cwd, w));
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return { files: files.length, cycles };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const roots = process.argv.slice(2);
  const { files, cycles } = findImportCycles(roots.length ? roots : SOURCE_ROOTS);
  console.log(`${files} files, ${cycles.length} import cycles`);
  for (const c of cycles) console.log(`  ${c.join(' <-> ')}`);
  process.exitCode = cycles.length ? 1 : 0;
}
