import { describe, expect, it } from 'vitest';
import { createStartupWork } from './startup-work';

describe('startup work', () => {
  it('lists work until it settles, whether it succeeds or fails', async () => {
    const work = createStartupWork();
    let finish!: () => void;
    let fail!: (err: Error) => void;
    const ok = new Promise<void>((r) => (finish = r));
    const bad = new Promise<void>((_, reject) => (fail = reject));
    bad.catch(() => undefined); // the caller logs it; the tracker must not throw
    work.track('demo site-tag events', ok);
    work.track('another', bad);
    expect(work.pending()).toEqual(['demo site-tag events', 'another']);
    finish();
    await ok;
    await Promise.resolve();
    expect(work.pending()).toEqual(['another']);
    fail(new Error('boom'));
    await bad.catch(() => undefined);
    await Promise.resolve();
    expect(work.pending()).toEqual([]);
  });

  it('keeps a name listed while any of its runs is still going', async () => {
    const work = createStartupWork();
    let first!: () => void;
    const a = new Promise<void>((r) => (first = r));
    work.track('seed', a);
    work.track('seed', new Promise<void>(() => undefined));
    first();
    await a;
    await Promise.resolve();
    expect(work.pending()).toEqual(['seed']);
  });
});
