import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countNdjsonKeys } from './ndjson-key-count';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'key-count-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LINES = [
  '{"kind":"sales","date":"2024-05-01","impressions":400,"revenue":"2.5","brand":"A: b"}',
  '{ "kind" : "requests" ,\t"imp_requests" :\r 1000 , "deal_name":   "x"}',
  '',
  '{"a":{"b":"c"},"d":[1,"e:"],"f":null,"site_id":17,"imp\\u005frequests":5}',
];

describe('countNdjsonKeys', () => {
  it('counts every key and the texts that are not strings, whatever the chunk boundaries', async () => {
    const path = join(dir, 'facts.ndjson');
    await writeFile(path, LINES.join('\n'));
    // By hand: 5 + 3 + 0 + 6 keys. Not strings under other keys than the numbers': a, d, f, site_id,
    // and the escaped imp_requests, which is not recognised as a number key.
    const expected = { keys: 14, nonStringTexts: 5 };
    for (const chunkBytes of [1, 2, 3, 5, 7, 64, 1 << 20]) {
      expect(await countNdjsonKeys(path, ['impressions', 'imp_requests', 'revenue'], chunkBytes)).toEqual(expected);
    }
  });
});
