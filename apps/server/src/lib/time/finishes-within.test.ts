import { describe, expect, it } from 'vitest';
import { finishesWithin } from './finishes-within';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('finishesWithin', () => {
  it('is true when the work fulfils in time, without waiting out the bound', async () => {
    const t0 = Date.now();
    expect(await finishesWithin(after(10, 'x'), 5_000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('is false when the time runs out first', async () => {
    expect(await finishesWithin(after(1_000, 'late'), 20)).toBe(false);
  });

  it('passes on a rejection that comes in time', async () => {
    await expect(finishesWithin(Promise.reject(new Error('broken')), 1_000)).rejects.toThrow('broken');
  });
});
