import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code, tests and docs cite only what a reader of the repository has: its files, sections of its
// docs, the product specification. A tracker's "issue N" means nothing to them, and a link to a
// heading that was renamed sends them nowhere.
const ROOT = path.resolve(__dirname, '..');
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|sh|sql|ya?ml|json|css|html)$/;

const trackedTextFiles = (): string[] =>
  execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => TEXT_FILE.test(f) && f !== 'package-lock.json' && existsSync(path.join(ROOT, f)));

/** An issue by number (alone, several, with "#"), a phrase that leans on an issue's text, a work session by number. */
export const TRACKER_CITATION = /\bissues?\s*#?\d+|\bthe issue(?:'s|\s+(?:asks|allows|says|names|sets|wants))\b|\bsession \d+\b/i;

/** The examples below are assembled, so this file holds no citation of its own. */
const cite = (...words: (string | number)[]) => words.join(' ');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => headingAnchor(m[1]!)));
}

describe('citations inside the repository', () => {
  it('finds a tracker citation and a heading anchor as written', () => {
    expect(TRACKER_CITATION.test(`// the cache (${cite('issue', 20)}) keeps`)).toBe(true);
    expect(TRACKER_CITATION.test(cite('Issues', 12, 'and', 13, 'asked'))).toBe(true);
    expect(TRACKER_CITATION.test(cite('code review,', 'session', 25))).toBe(true);
    expect(TRACKER_CITATION.test(cite('the', "issue's", 'target'))).toBe(true);
    expect(TRACKER_CITATION.test('an issued key; issuer 3; the tissue')).toBe(false);
    expect(headingAnchor('Tests in CI')).toBe('tests-in-ci');
    expect(headingAnchor('Seams between surfaces: what, how')).toBe('seams-between-surfaces-what-how');
  });

  it('cites no issue tracker in code, tests or docs', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (TRACKER_CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('names only sections that exist when it points into a doc by heading', () => {
    // `(docs/operations.md, "Tests in CI")`, possibly wrapped over comment lines.
    const reference = /((?:docs\/[\w-]+|README)\.md)[,:]?\s*(?:section\s*)?"([^"]{2,80})"/g;
    const headings = new Map<string, string[]>();
    const headingsOf = (doc: string) => {
      if (!headings.has(doc)) {
        const text = readFileSync(path.join(ROOT, doc), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
        headings.set(
          doc,
          [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!.replace(/\s+/g, ' ').trim().toLowerCase()),
        );
      }
      return headings.get(doc)!;
    };
    const broken: string[] = [];
    let checked = 0;
    for (const file of trackedTextFiles()) {
      const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/\n\s*(?:\/\/|\*|#|--)?\s*/g, ' ');
      for (const [, doc, section] of text.matchAll(reference)) {
        checked++;
        const wanted = section!.replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase();
        if (!existsSync(path.join(ROOT, doc!))) broken.push(`${file}: ${doc} (no such file)`);
        else if (!headingsOf(doc!).some((h) => h === wanted || h.startsWith(wanted))) broken.push(`${file}: ${doc}, "${section}"`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });

  it('names only test files that exist where a doc cites a test as proof', () => {
    // docs/security.md's "proved by" column and the other docs cite tests by path, from the root
    // or shortened to their folder inside an app (`identity/sessions.api.test.ts`).
    const tracked = trackedTextFiles();
    const cited = /[\w./-]+\.(?:api\.test|test|spec)\.tsx?/g;
    const missing: string[] = [];
    let checked = 0;
    for (const doc of tracked.filter((f) => f.startsWith('docs/') && f.endsWith('.md'))) {
      for (const [name] of readFileSync(path.join(ROOT, doc), 'utf8').matchAll(cited)) {
        checked++;
        if (!tracked.some((f) => f === name || f.endsWith(`/${name}`))) missing.push(`${doc}: ${name}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    const docs = trackedTextFiles().filter((f) => f.endsWith('.md'));
    for (const doc of docs) {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // http:, mailto:
        const [file, anchor] = target!.split('#');
        const resolved = file ? path.join(ROOT, path.dirname(doc), file) : path.join(ROOT, doc);
        if (!existsSync(resolved)) broken.push(`${doc}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${doc}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
