import { createReadStream } from 'node:fs';

const QUOTE = 0x22;
const COLON = 0x3a;
/** JSON's whitespace: space, tab, line feed, carriage return. */
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

export interface KeyCount {
  /** `"` then optional whitespace then `:`: every key of every object, and nothing else in clean text. */
  keys: number;
  /** Those followed by optional whitespace and `"`: the keys whose value is a string. */
  strings: number;
}

/**
 * Counts the keys of an NDJSON file, and those whose value is a string, by bytes, without parsing
 * JSON: an engine's JSON reader, told which columns to read, drops other keys and reads numbers as
 * text, and comparing these counts with what it read finds any such line (fact-file-rules.ts). A
 * string value can look like a key only with an escaped quote in it, which a clean text never has,
 * so for a clean file the counts are exact. It reads the file at disk speed, beside the engine's
 * own read of it.
 */
export async function countNdjsonKeys(path: string, chunkBytes = 1 << 20): Promise<KeyCount> {
  let keys = 0;
  let strings = 0;
  /** The last byte before the current chunk that is not whitespace. */
  let lastSolid = -1;
  /** A key ended in the previous chunk and its value starts in this one. */
  let valuePending = false;
  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    let start = 0;
    if (valuePending) {
      while (start < chunk.length && isSpace(chunk[start])) start += 1;
      if (start < chunk.length) {
        if (chunk[start] === QUOTE) strings += 1;
        valuePending = false;
      }
    }
    for (let i = chunk.indexOf(COLON); i >= 0; i = chunk.indexOf(COLON, i + 1)) {
      let j = i - 1;
      while (j >= 0 && isSpace(chunk[j])) j -= 1;
      if ((j >= 0 ? chunk[j] : lastSolid) !== QUOTE) continue;
      keys += 1;
      let k = i + 1;
      while (k < chunk.length && isSpace(chunk[k])) k += 1;
      if (k === chunk.length) valuePending = true;
      else if (chunk[k] === QUOTE) strings += 1;
    }
    let end = chunk.length - 1;
    while (end >= 0 && isSpace(chunk[end])) end -= 1;
    if (end >= 0) lastSolid = chunk[end]!;
  }
  return { keys, strings };
}
