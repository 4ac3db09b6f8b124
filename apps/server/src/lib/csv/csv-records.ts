/** A text source: whole content, or a stream of chunks (a fs/HTTP Readable is an AsyncIterable). */
export type TextSource = string | AsyncIterable<string | Uint8Array>;

export interface CsvRecord {
  /** 1-based physical line where the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

async function* chunksOf(source: TextSource): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  // fatal: bytes that are not UTF-8 are refused instead of silently becoming U+FFFD in stored figures.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let linesBefore = 0;
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvSyntaxError(
        linesBefore + 1,
        'The file is not UTF-8 text (an invalid byte sequence on or after this line). Save it as UTF-8 and send it again.',
      );
    }
  };
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decode(chunk);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) linesBefore += 1;
    yield text;
  }
  const rest = decode();
  if (rest) yield rest;
}

/**
 * RFC 4180 reader: fields separated by commas, optionally quoted with "" as an escaped quote;
 * records end at CRLF or LF. Streams, holding only the current record. Empty lines are skipped.
 * An unterminated quote throws with the line where the field started.
 */
export async function* readCsvRecords(source: TextSource): AsyncGenerator<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteJustClosed = false;
  let line = 1;
  let recordLine = 1;
  let prevCr = false;
  let first = true;

  const endRecord = function* (): Generator<CsvRecord> {
    fields.push(field);
    const empty = fields.length === 1 && fields[0] === '';
    if (!empty) yield { line: recordLine, fields };
    fields = [];
    field = '';
  };

  for await (let chunk of chunksOf(source)) {
    if (first) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1); // byte-order mark from spreadsheet exports
      first = false;
    }
    for (let i = 0; i < chunk.length; i += 1) {
      const ch = chunk[i] as string;
      if (inQuotes) {
        if (ch === '"') {
          if (chunk[i + 1] === '"') {
            field += '"';
            i += 1;
          } else if (i + 1 === chunk.length) {
            // The escape may straddle chunks: treat as closing; a following '"' reopens (below).
            inQuotes = false;
            quoteJustClosed = true;
          } else {
            inQuotes = false;
          }
        } else {
          if (ch === '\n') line += 1;
          field += ch;
        }
        continue;
      }
      if (quoteJustClosed && ch === '"') {
        field += '"';
        inQuotes = true;
        quoteJustClosed = false;
        continue;
      }
      quoteJustClosed = false;
      if (ch === '"' && field === '') {
        inQuotes = true;
      } else if (ch === ',') {
        fields.push(field);
        field = '';
      } else if (ch === '\n') {
        if (!prevCr) yield* endRecord();
        line += 1;
        recordLine = line;
      } else if (ch === '\r') {
        yield* endRecord();
      } else {
        field += ch;
      }
      prevCr = ch === '\r';
    }
  }
  if (inQuotes) throw new CsvSyntaxError(recordLine, 'A quoted field is not closed.');
  if (field !== '' || fields.length > 0) yield* endRecord();
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Lines of a text source with their 1-based numbers (for NDJSON). */
export async function* readLines(source: TextSource): AsyncGenerator<{ line: number; text: string }> {
  let buffer = '';
  let line = 0;
  for await (const chunk of chunksOf(source)) {
    buffer += chunk;
    let start = 0;
    let nl = buffer.indexOf('\n', start);
    while (nl >= 0) {
      line += 1;
      yield { line, text: buffer.slice(start, nl).replace(/\r$/, '') };
      start = nl + 1;
      nl = buffer.indexOf('\n', start);
    }
    buffer = buffer.slice(start);
  }
  if (buffer.length > 0) yield { line: line + 1, text: buffer.replace(/\r$/, '') };
}
