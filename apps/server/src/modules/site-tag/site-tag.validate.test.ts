import { describe, expect, it } from 'vitest';
import { BatchSchema, COLLECT_LIMITS } from './site-tag.batch';
import { readBatch } from './site-tag.validate';

const pv = { t: 'pv', ts: 1_780_000_000_000, id: 'a1', p: '/x' };
const en = { t: 'en', ts: 1_780_000_000_000, id: 'a1', p: '/x', et: 1200, sd: 40 };
const wv = { t: 'wv', ts: 1_780_000_000_000, id: 'a1', p: '/x', n: 'CLS', v: 0.12 };
const long = (n: number) => 'x'.repeat(n);
const batch = (...e: unknown[]) => ({ k: 'key', e });

/** Valid and invalid batches at every rule's edge. */
const CASES: unknown[] = [
  batch(pv),
  batch(pv, en, wv),
  batch({ ...pv, r: 'https://www.google.com/', us: 'news', um: 'email', uc: 'x', vw: 390, extra: 'dropped' }),
  batch({ ...wv, a: 'img.hero', n: 'LCP', v: 600_000 }),
  batch({ ...en, et: 86_400_000, sd: 100 }),
  batch({ ...en, et: 0, sd: 0 }),
  batch({ ...pv, id: long(32), p: '/' + long(511) }),
  batch({ ...pv, r: long(1024), us: long(100) }),
  { k: long(64), e: [pv] },
  // invalid
  null,
  'text',
  [],
  {},
  { k: 'key' },
  { k: '', e: [pv] },
  { k: long(65), e: [pv] },
  { k: 3, e: [pv] },
  { k: 'key', e: [] },
  { k: 'key', e: {} },
  batch(null),
  batch([pv]),
  batch({ ...pv, t: 'xx' }),
  batch({ ...pv, ts: 0 }),
  batch({ ...pv, ts: -5 }),
  batch({ ...pv, ts: 1.5 }),
  batch({ ...pv, ts: '1780000000000' }),
  batch({ ...pv, id: '' }),
  batch({ ...pv, id: long(33) }),
  batch({ ...pv, p: 'x' }),
  batch({ ...pv, p: '/' + long(512) }),
  batch({ ...pv, r: long(1025) }),
  batch({ ...pv, r: 5 }),
  batch({ ...pv, uc: long(101) }),
  batch({ ...pv, vw: -1 }),
  batch({ ...pv, vw: 20_001 }),
  batch({ ...pv, vw: 1.5 }),
  batch({ ...en, et: 86_400_001 }),
  batch({ ...en, sd: 101 }),
  batch({ ...en, sd: 5.5 }),
  batch({ ...en, et: undefined }),
  batch({ ...wv, n: 'FID' }),
  batch({ ...wv, v: -0.1 }),
  batch({ ...wv, v: 600_001 }),
  batch({ ...wv, v: '1' }),
  batch({ ...wv, a: long(201) }),
  batch({ ...wv, n: undefined }),
];

describe('site-tag batch validator', () => {
  it.each(CASES.map((c, i) => [i, c] as const))('case %i agrees with BatchSchema', (_i, input) => {
    const ref = BatchSchema.safeParse(input);
    const got = readBatch(input, COLLECT_LIMITS.maxEvents);
    expect(got).toEqual(ref.success ? ref.data : null);
  });

  it('more events than allowed is told apart (413), whatever the events are', () => {
    expect(readBatch({ k: 'key', e: Array.from({ length: COLLECT_LIMITS.maxEvents + 1 }, () => pv) }, COLLECT_LIMITS.maxEvents)).toBe(
      'too-many',
    );
    expect(readBatch({ k: 'key', e: Array.from({ length: COLLECT_LIMITS.maxEvents }, () => pv) }, COLLECT_LIMITS.maxEvents)).not.toBeNull();
  });
});
