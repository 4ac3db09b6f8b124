import { createReadStream } from 'node:fs';

const QUOTE = 0x22;
const COLON = 0x3a;
const NEWLINE = 0x0a;
/** JSON's whitespace: space, tab, line feed, carriage return. */
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

export interface KeyCount {
  /** `"` then optional whitespace then `:`: every key of every object, and nothing else in clean text. */
  keys: number;
  /** Keys other than `numberKeys` whose value is not a string (a text sent as a number, true, a list...). */
  nonStringTexts: number;
}

/**
 * Counts the keys of an NDJSON file, and the keys holding a text that is not a JSON string, by
 * bytes, without parsing JSON: an engine's JSON reader, told which columns to read as text, drops
 * other keys and nulls and reads a number as text, where the row-by-row path refuses or reads them
 * otherwise, and comparing these counts with what it read finds any such line
 * (fact-file-rules.ts). A string value can look like a key only with an escaped quote in it, which
 * a clean text never has, so for a clean file the counts are exact; a key written with an escape
 * counts as a text, which only sends the file row by row. It reads the file at disk speed, beside
 * the engine's own read of it, in whole lines.
 */
export async function countNdjsonKeys(path: string, numberKeys: readonly string[], chunkBytes = 1 << 20): Promise<KeyCount> {
  const numberNames = numberKeys.map((k) => Buffer.from(k));
  // Compared in place (no subarray per value): most values of a facts line are numbers.
  const isNumberKey = (buf: Buffer, start: number, end: number) =>
    numberNames.some((name) => name.length === end - start && name.compare(buf, start, end) === 0);
  const count: KeyCount = { keys: 0, nonStringTexts: 0 };
  const countLines = (buf: Buffer) => {
    for (let i = buf.indexOf(COLON); i >= 0; i = buf.indexOf(COLON, i + 1)) {
      let close = i - 1;
      while (close >= 0 && isSpace(buf[close])) close -= 1;
      if (buf[close] !== QUOTE) continue;
      count.keys += 1;
      let value = i + 1;
      while (value < buf.length && isSpace(buf[value])) value += 1;
      if (buf[value] === QUOTE) continue;
      if (!isNumberKey(buf, buf.lastIndexOf(QUOTE, close - 1) + 1, close)) count.nonStringTexts += 1;
    }
  };
  let carry: Buffer | null = null;
  for await (const read of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    const chunk: Buffer = carry ? Buffer.concat([carry, read]) : read;
    // Whole lines only: a key and its value never straddle two reads.
    const end = chunk.lastIndexOf(NEWLINE) + 1;
    countLines(chunk.subarray(0, end));
    carry = end < chunk.length ? chunk.subarray(end) : null;
  }
  if (carry) countLines(carry);
  return count;
}
