import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads';

describe('sharedReads', () => {
  it('runs one read for concurrent callers of a key, and a new one once it settled', async () => {
    const shared = sharedReads<number>();
    let calls = 0;
    const read = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    const first = await Promise.all([shared('a', read), shared('a', read), shared('a', read)]);
    expect(first).toEqual([1, 1, 1]);
    expect(await shared('a', read)).toBe(2);
  });

  it('keeps keys apart and forgets a failed read', async () => {
    const shared = sharedReads<string>();
    await expect(shared('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const [x, y] = await Promise.all([shared('x', async () => 'x'), shared('y', async () => 'y')]);
    expect([x, y]).toEqual(['x', 'y']);
  });
});
