import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { every } from './every';

describe('every', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs first after its delay, then on each period; a failed run is logged and the next one still runs', async () => {
    const log = pino({ level: 'silent' });
    const warn = vi.spyOn(log, 'warn');
    let runs = 0;
    const task = every({ firstAfterMs: 100, everyMs: 1_000, log, failure: 'check failed' }, () => {
      runs += 1;
      return runs === 2 ? Promise.reject(new Error('boom')) : Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    expect(warn).toHaveBeenCalledWith({ err: 'boom' }, 'check failed');
    await task.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('skips a period while a run is still going, and stop waits for that run', async () => {
    let release!: () => void;
    let started = 0;
    let finished = false;
    const task = every({ firstAfterMs: 0, everyMs: 10, log: pino({ level: 'silent' }), failure: 'x' }, async () => {
      started += 1;
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(55);
    expect(started).toBe(1);
    const stopping = task.stop();
    release();
    await stopping;
    expect(finished).toBe(true);
  });
});
