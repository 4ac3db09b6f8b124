import { describe, expect, it } from 'vitest';
import { countChanges, revisionLineDiff } from './revision-diff';

describe('revision line diff (records as a set, linear)', () => {
  it('lays out removed before added between unchanged records', () => {
    expect(
      revisionLineDiff(
        'a.com, 1, DIRECT\nb.com, 2, RESELLER\nc.com, 3, DIRECT\n',
        'a.com, 1, DIRECT\nx.com, 9, DIRECT\nc.com, 3, DIRECT\n',
      ),
    ).toEqual([
      { type: 'same', lines: ['a.com, 1, DIRECT'] },
      { type: 'removed', lines: ['b.com, 2, RESELLER'] },
      { type: 'added', lines: ['x.com, 9, DIRECT'] },
      { type: 'same', lines: ['c.com, 3, DIRECT'] },
    ]);
  });

  it('treats a moved record or a respaced one as unchanged, and a changed account id as a change', () => {
    const before = 'a.com, 1, DIRECT\nb.com, 2, DIRECT\n';
    expect(countChanges(before, 'b.com,2,DIRECT\na.com,  1, DIRECT\n')).toEqual({ added: 0, removed: 0 });
    expect(countChanges(before, 'a.com, 1, DIRECT\nb.com, 2X, DIRECT\n')).toEqual({ added: 1, removed: 1 });
  });

  it('matches repeated lines one for one', () => {
    expect(countChanges('a.com, 1, DIRECT\na.com, 1, DIRECT\n', 'a.com, 1, DIRECT\n')).toEqual({ added: 0, removed: 1 });
    expect(countChanges('', 'a.com, 1, DIRECT\n\n# note\n')).toEqual({ added: 2, removed: 0 });
  });

  it('keeps every line of both files exactly once in the view', () => {
    const from = Array.from({ length: 3000 }, (_, i) => `ex${i % 7}.com, ${i}, DIRECT`).join('\n');
    const to = Array.from({ length: 3000 }, (_, i) => `ex${i % 5}.com, ${(i * 7) % 4000}, RESELLER`).join('\n');
    const runs = revisionLineDiff(from, to);
    const lines = (type: string) => runs.filter((r) => r.type === type).flatMap((r) => r.lines);
    expect(lines('same').length + lines('removed').length).toBe(3000);
    expect(lines('same').length + lines('added').length).toBe(3000);
  });
});
