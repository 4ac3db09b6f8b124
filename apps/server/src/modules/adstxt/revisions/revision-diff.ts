import { diffLines } from 'diff';

/** One line ending, no BOM, exactly one final newline: revisions compare by content, not by spelling. */
export const normalizeEol = (s: string) => (s.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '') + '\n').replace(/\n+$/, '\n');

/** Non-blank lines of a file. */
export const lineCount = (s: string) =>
  normalizeEol(s)
    .split('\n')
    .filter((l) => l.trim() !== '').length;

/** Non-blank lines added and removed between two revisions. */
export function countChanges(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffLines(normalizeEol(before), normalizeEol(after))) {
    const n = part.value
      .replace(/\n$/, '')
      .split('\n')
      .filter((l) => l.trim() !== '').length;
    if (part.added) added += n;
    else if (part.removed) removed += n;
  }
  return { added, removed };
}

/** The line view of two revisions, as runs of added, removed and unchanged lines. */
export function revisionLineDiff(from: string, to: string) {
  return diffLines(normalizeEol(from), normalizeEol(to)).map((part) => ({
    type: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const),
    lines: part.value.replace(/\n$/, '').split('\n'),
  }));
}
