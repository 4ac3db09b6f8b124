// The code base's shape in figures, printed by CI (`npm run shape`, part of `npm run check`): the
// composition root's size, the longest functions (their own lines, nested functions not counted)
// and files, files over 300 lines, import cycles and citations of an issue tracker. It fails when a
// product file is over 300 lines or a function over 80 own lines (a function fits a screen, a file is
// read whole), unless the file is on ALLOWED_OVER below; import-cycles.test.ts and
// repository-citations.test.ts keep the other figures.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { SOURCE_ROOTS, findImportCycles } from './import-cycles.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// What lists the areas (app.ts), what it is given (app-deps.ts) and what builds the platform every
// area uses (platform/platform.ts); the areas' own wiring is in their modules/<area>/index.ts.
const COMPOSITION_ROOT = ['apps/server/src/app.ts', 'apps/server/src/app-deps.ts', 'apps/server/src/platform/platform.ts'];
const PRODUCT_ROOTS = ['apps/server/src', 'apps/server/tag', 'apps/web/src', 'packages/contracts/src'];
const FILE_LIMIT = 300;
const FUNCTION_LIMIT = 80;
// Files that may still be over a limit, each with why; empty it as they are split. A file here may
// be over both limits (its length and its functions'), a file not here neither.
export const ALLOWED_OVER = {};

const linesOf = (file, root = ROOT) => fs.readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '').split('\n');
/** A file's lines as an editor counts them. */
const lineCount = (file, root = ROOT) => linesOf(file, root).length;
const nonBlankLines = (file) => linesOf(file).filter((l) => l.trim() !== '').length;

const trackedProductFiles = () =>
  execFileSync('git', ['ls-files', ...PRODUCT_ROOTS], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$/.test(f) && fs.existsSync(path.join(ROOT, f)));

const isFunction = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessor(n) ||
  ts.isSetAccessor(n);

function functionName(n) {
  if (n.name && ts.isIdentifier(n.name)) return n.name.text;
  const parent = n.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

/** Every function of a file with its own lines: its span minus the spans of functions inside it. */
function functionsOf(file, root = ROOT) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const out = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const span = lineOf(node.body.end) - lineOf(node.getStart(source)) + 1;
      let nested = 0;
      const inner = (n) => {
        if (isFunction(n) && n.body) nested += lineOf(n.body.end) - lineOf(n.getStart(source)) + 1;
        else ts.forEachChild(n, inner);
      };
      ts.forEachChild(node.body, inner);
      out.push({ file, name: functionName(node), line: lineOf(node.getStart(source)) + 1, own: span - nested });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The files (relative to `root`) over FILE_LIMIT lines and the functions over FUNCTION_LIMIT own
 * lines, leaving out the files of `allowed`.
 */
export function shapeViolations(files, root = ROOT, allowed = ALLOWED_OVER) {
  const checked = files.filter((f) => !Object.hasOwn(allowed, f));
  return {
    files: checked.map((f) => ({ file: f, lines: lineCount(f, root) })).filter((f) => f.lines > FILE_LIMIT),
    functions: checked.flatMap((f) => functionsOf(f, root)).filter((f) => f.own > FUNCTION_LIMIT),
  };
}

export function codeShape() {
  const files = trackedProductFiles().map((f) => ({ file: f, lines: lineCount(f) }));
  const functions = files.flatMap((f) => functionsOf(f.file)).sort((a, b) => b.own - a.own);
  return {
    compositionRoot: COMPOSITION_ROOT.filter((f) => fs.existsSync(path.join(ROOT, f))).reduce((n, f) => n + lineCount(f), 0),
    productLines: files.reduce((n, f) => n + nonBlankLines(f.file), 0),
    longestFiles: [...files].sort((a, b) => b.lines - a.lines).slice(0, 5),
    filesOver: files.filter((f) => f.lines > FILE_LIMIT).length,
    longestFunctions: functions.slice(0, 5),
    functionsOver: functions.filter((f) => f.own > FUNCTION_LIMIT).length,
    cycles: findImportCycles(SOURCE_ROOTS, ROOT).cycles.length,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const s = codeShape();
  console.log(`product code: ${s.productLines} non-blank lines of TypeScript`);
  console.log(`composition root (${COMPOSITION_ROOT.join(', ')}): ${s.compositionRoot} lines (target < 200)`);
  console.log(
    `files over ${FILE_LIMIT} lines: ${s.filesOver} (target 0); longest: ${s.longestFiles.map((f) => `${f.file} ${f.lines}`).join(', ')}`,
  );
  console.log(
    `functions over ${FUNCTION_LIMIT} own lines: ${s.functionsOver} (target 0); longest: ${s.longestFunctions.map((f) => `${f.name} (${f.file}:${f.line}) ${f.own}`).join(', ')}`,
  );
  console.log(`import cycles: ${s.cycles} (target 0)`);
  const over = shapeViolations(trackedProductFiles());
  for (const f of over.files) console.error(`${f.file}: ${f.lines} lines, over ${FILE_LIMIT}`);
  for (const f of over.functions) console.error(`${f.file}:${f.line}: ${f.name} has ${f.own} own lines, over ${FUNCTION_LIMIT}`);
  const allowed = Object.entries(ALLOWED_OVER);
  if (allowed.length > 0) console.log(`allowed over a limit for now: ${allowed.map(([f, why]) => `${f} (${why})`).join(', ')}`);
  if (over.files.length + over.functions.length > 0) process.exitCode = 1;
}
