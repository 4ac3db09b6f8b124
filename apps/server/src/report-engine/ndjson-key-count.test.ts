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
  '{"a":{"b":"c"},"d":[1,"e:"],"f":null}',
];

describe('countNdjsonKeys', () => {
  it('counts every key and the keys whose value is a string, whatever the chunk boundaries', async () => {
    const path = join(dir, 'facts.ndjson');
    await writeFile(path, LINES.join('\n'));
    // By hand: 5 + 3 + 0 + 4 keys; string values: kind, date, revenue, brand | kind, deal_name | b.
    const expected = { keys: 12, strings: 7 };
    for (const chunkBytes of [1, 2, 3, 5, 7, 64, 1 << 20]) expect(await countNdjsonKeys(path, chunkBytes)).toEqual(expected);
  });
});
