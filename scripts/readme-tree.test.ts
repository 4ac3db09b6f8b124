import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is where a newcomer starts: a path it names that was moved or deleted sends them
// looking for nothing, and a bench it leaves out is one they never learn to run.
const ROOT = path.resolve(__dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

const tracked = (): string[] => execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** A name as a pattern: `<area>` stands for one path segment or part of one, `*` for part of one. */
function namePattern(name: string): string {
  return name
    .split(/(<[\w-]+>|\*)/)
    .map((part) => (part.startsWith('<') || part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
}

/**
 * Whether a tracked file lies at `name` under `base`: a bare file name anywhere below it, a path
 * with a slash as the tail of a path below it (a file, or a folder when it ends with "/").
 * (A name written from the repository's root is checked there: `atRoot`.)
 */
export function namesTrackedPath(files: string[], base: string, name: string): boolean {
  const prefix = namePattern(`${base.replace(/\/$/, '')}/`);
  const pattern = new RegExp(`^${prefix}(?:.+/)?${namePattern(name.replace(/\/$/, ''))}(?:/.+)?$`);
  return files.some((f) => pattern.test(f));
}

/** Whether a folder or file sits at the repository's root under this name. */
const atRoot = (files: string[], name: string) => {
  const n = name.replace(/\/$/, '');
  return files.some((f) => f === n || f.startsWith(`${n}/`));
};

/** The tree under "Where things are": each entry starts at column 0; its description may name paths inside it. */
export function treeEntries(readme: string): { base: string; names: string[] }[] {
  const section = readme.split(/^## Where things are$/m)[1] ?? '';
  const block = /^```\n([\s\S]*?)^```/m.exec(section)?.[1] ?? '';
  const entries: { base: string; text: string }[] = [];
  for (const line of block.split('\n')) {
    if (/^\S/.test(line)) {
      const [base = '', ...rest] = line.split(/\s+/);
      entries.push({ base, text: rest.join(' ') });
    } else if (entries.length) entries[entries.length - 1]!.text += ` ${line.trim()}`;
  }
  // A path has a slash or a file extension the repository uses; plain words have neither.
  const pathLike = /[\w.<>*-]*[\w<>*-]\/[\w.<>*/-]*|[\w<>*-]+(?:\.[\w<>-]+)*\.(?:ts|tsx|mjs|md|sql|sh|json)\b/g;
  return entries.map(({ base, text }) => ({ base, names: [...text.matchAll(pathLike)].map((m) => m[0]) }));
}

/** Paths written in backticks anywhere in the README that point into the repository (not ignored run-time folders). */
function backtickedPaths(readme: string): string[] {
  const candidates = [...readme.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((t) => /^[\w.][\w.-]*(?:\/[\w.*<>-]+)+\/?$|^[\w-]+\/[\w.-]+\.\w+$/.test(t) && !t.startsWith('./'));
  const ignored = new Set(
    candidates.filter((t) => {
      try {
        execFileSync('git', ['check-ignore', '-q', t], { cwd: ROOT });
        return true;
      } catch {
        return false;
      }
    }),
  );
  return candidates.filter((t) => !ignored.has(t));
}

describe('README', () => {
  it('reads names in the tree as paths inside their entry', () => {
    const files = ['apps/server/src/platform/area.ts', 'apps/server/src/modules/monitors/index.ts', 'docs/product.md'];
    expect(namesTrackedPath(files, 'apps/server', 'platform/')).toBe(true);
    expect(namesTrackedPath(files, 'apps/server', 'area.ts')).toBe(true);
    expect(namesTrackedPath(files, 'apps/server', 'modules/<area>/')).toBe(true);
    expect(namesTrackedPath(files, 'apps/server', 'app-routes.ts')).toBe(false);
    expect(namesTrackedPath(files, 'apps/server', 'product.md')).toBe(false);
    expect(namesTrackedPath(files, 'docs/', 'product.md')).toBe(true);
    const [entry] = treeEntries('## Where things are\n\n```\napps/x   a/b (c.ts), words e.g. here\n         more/\n```\n');
    expect(entry).toEqual({ base: 'apps/x', names: ['a/b', 'c.ts', 'more/'] });
  });

  it('names in "Where things are" only paths that exist', () => {
    const files = tracked();
    const entries = treeEntries(README);
    expect(entries.length).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const { base, names } of entries) {
      if (!atRoot(files, base)) missing.push(base);
      for (const name of names) if (!namesTrackedPath(files, base, name) && !atRoot(files, name)) missing.push(`${base}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('names elsewhere in backticks only repository paths that exist', () => {
    const files = tracked();
    const names = backtickedPaths(README);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !atRoot(files, n))).toEqual([]);
  });

  it('lists every bench script of package.json, one line each, and no other', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const benches = Object.keys(scripts)
      .filter((name) => name.startsWith('bench:'))
      .sort();
    const listed = [...README.matchAll(/^- `(bench:[\w-]+)`/gm)].map((m) => m[1]!).sort();
    expect(benches.length).toBeGreaterThan(0);
    expect(listed).toEqual(benches);
  });
});
