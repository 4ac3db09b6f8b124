import type { AdsTxtProblem, ParsedAdsTxt } from '@pc/contracts/adstxt-parser/ads-txt-types';
import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import { createHash } from 'node:crypto';
import { hostedFileContent, requiredLinesFor, type PublisherIds } from '../required-lines/domain-required-lines';
import { missingLines } from '../required-lines/missing-lines';
import { countChanges, revisionLineDiff } from './revision-diff';

/**
 * The CPU-heavy part of saving and comparing revisions, as plain functions of strings: they run in
 * worker threads (revision-workers.ts), and only small results cross back to the event loop.
 */
export interface CheckedRevision {
  errorCount: number;
  /** The first errors by line (at most 100), for the answer's `fields`. */
  errors: { line: number; reason: string }[];
  warnings: AdsTxtProblem[];
  added: number;
  removed: number;
}

export function checkRevision(input: { content: string; previous: string }): CheckedRevision {
  const parsed = parseAdsTxt(input.content);
  const errors = parsed.problems.filter((p) => p.severity === 'error');
  const warnings = parsed.problems.filter((p) => p.severity === 'warning');
  // Changes are only counted for a file that will be saved.
  const changes = errors.length ? { added: 0, removed: 0 } : countChanges(input.previous, input.content);
  return {
    errorCount: errors.length,
    errors: errors.slice(0, 100).map((p) => ({ line: p.line, reason: p.reason })),
    warnings,
    ...changes,
  };
}

/** The diff already as JSON text, so the event loop does not serialise a large answer either. */
export function diffRevisionsJson(input: { from: string; to: string }): string {
  return JSON.stringify(revisionLineDiff(input.from, input.to));
}

/** A crawled file as the domain views need it: parsed, and the required lines it lacks. */
export interface InspectedFile {
  parsed: ParsedAdsTxt;
  missing: string[];
}

/** Parsing a crawled file (up to the crawler's 2 MiB) is as heavy as parsing a revision: same workers. */
export function inspectFile(input: { content: string; required: string[] }): InspectedFile {
  const parsed = parseAdsTxt(input.content);
  return { parsed, missing: missingLines(input.required.join('\n'), parsed).map((m) => m.line) };
}

/** A hosted file rendered for storage: its text and a strong ETag of its bytes. */
export interface RenderedHostedFile {
  content: string;
  etag: string;
}

/**
 * The hosted file as served (own lines plus the required ones they lack): parsing a 2 MiB revision
 * takes 150-300 ms, so it is done here once per change, never per GET (hosted-file.service.ts).
 */
export function renderHostedFile(input: { own: string; template: string; ids: PublisherIds }): RenderedHostedFile {
  const content = hostedFileContent(input.own, requiredLinesFor(input.template, input.ids));
  return {
    content,
    etag: `"${createHash('sha256').update(content, 'utf8').digest('base64url')}"`,
  };
}
