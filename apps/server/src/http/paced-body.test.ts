import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pacedBody } from './paced-body';

/** Counts turns of the event loop until the returned function is called; it returns the count. */
function countTurns(): () => number {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return () => {
    counting = false;
    return turns;
  };
}

/** Reads a body to the end. */
async function drain(body: Buffer | Readable): Promise<{ bytes: Buffer }> {
  if (Buffer.isBuffer(body)) return { bytes: body };
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks) };
}

const file = (bytes: number) => Buffer.from(Array.from({ length: bytes }, (_, i) => i % 251));

describe('paced answers', () => {
  it('sends a small body as it is', async () => {
    const small = file(1000);
    expect(await pacedBody(small)).toBe(small);
  });

  it('sends a large body whole and in order', async () => {
    const big = file(2 * 1024 * 1024 + 7);
    const { bytes } = await drain(await pacedBody(big));
    expect(bytes.equals(big)).toBe(true);
  });

  it('spreads many large bodies over turns of the event loop instead of writing them in one', async () => {
    // 20 bodies of 2 MiB are 40 MiB: with half a MiB per turn some 80 turns, where unpaced
    // streams are read to the end in a handful.
    const big = file(2 * 1024 * 1024);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => pacedBody(big)));
    const turns = countTurns();
    const read = await Promise.all(bodies.map((b) => drain(b)));
    const taken = turns();
    for (const r of read) expect(r.bytes.equals(big)).toBe(true);
    expect(taken).toBeGreaterThanOrEqual(60);
  });

  it('lets other work run between slices', async () => {
    const big = file(8 * 1024 * 1024);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const { bytes } = await drain(await pacedBody(big));
    clearInterval(timer);
    expect(bytes.length).toBe(big.length);
    expect(ticks).toBeGreaterThan(0);
  });
});
