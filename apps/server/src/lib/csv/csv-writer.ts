import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ColumnKind } from '@pc/contracts';

/** One cell of a table written as CSV: the report engine's ReportCell, and any area's table cell. */
export type CsvCell = string | number | boolean | null;
export type CsvRow = Record<string, CsvCell>;

/** A column of an export: a report's columns plus export-only ones (like Estimated). */
export interface ExportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/** Rows one by one or in chunks (what ReportEngine.streamRows yields). */
export type RowSource = AsyncIterable<CsvRow | readonly CsvRow[]> | Iterable<CsvRow | readonly CsvRow[]>;

export interface ExportOptions {
  /** Totals from ReportEngine.query (over all rows); adds a last row labelled 'Total'. */
  totals?: Record<string, number | null>;
  /**
   * Lines for the reader after the table (the revenue report's "What changed" sentence): a blank
   * line, then each note as a one-cell row, so the header stays the first line and the table
   * above parses as before.
   */
  notes?: readonly string[];
}

/**
 * Rows column by column: `columns[n]` holds the values of the export's n-th column. What
 * ReportEngine.streamColumns yields (its ColumnChunk is one), and what goes to the worker threads.
 */
export interface CellChunk {
  rowCount: number;
  columns: ReadonlyArray<ReadonlyArray<CsvCell>>;
}

/**
 * Turns a chunk's text into CSV lines, as text or as their UTF-8 bytes; a worker thread's in
 * production (export-encoder.ts).
 */
export type CsvChunkEncoder = (chunk: CellChunk, width: number) => Promise<string | Uint8Array>;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV-injection rule: only *text* cells are neutralised. A text cell starting with = + - @ tab or
 * CR gets a leading single quote so a spreadsheet shows it as text instead of running it. Numbers
 * are written as plain numbers (a negative number is data, not a formula), and every value this
 * engine emits as a number is one.
 */
export function neutraliseText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: quote a field holding a comma, quote, CR or LF, doubling inner quotes. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Numbers keep up to 6 decimals: enough for money and ratios, without float noise like 0.1+0.2. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return formatSixDecimals(value) ?? String(Number(value.toFixed(6)));
}

/** Below this, |value| x 10^6 is exact to within 2^-12, far inside FAST_TIE_MARGIN. */
const FAST_MAX = 4_000_000;
const FAST_TIE_MARGIN = 0.01;
const ZEROS = '000000';

/**
 * The same text as String(Number(value.toFixed(6))) without its cost (toFixed, a parse and a
 * shortest-digits print: ~1 µs a number, which was most of a 1M-row export's time).
 *
 * Why it is the same: n = round(|value| x 10^6) is toFixed's integer unless the product lies near a
 * .5 tie (then null: the caller takes the slow path). The double nearest n / 10^6 is what Number()
 * parses, and below FAST_MAX doubles are closer together than 10^-6, so the shortest text that
 * reads back as it is n / 10^6 written out with its trailing zeros dropped. Tested against the slow
 * form on random values, ties and edges (csv-writer.test.ts).
 */
export function formatSixDecimals(value: number): string | null {
  const abs = value < 0 ? -value : value;
  if (!(abs < FAST_MAX)) return null;
  const scaled = abs * 1e6;
  const floor = Math.floor(scaled);
  const frac = scaled - floor;
  if (frac > 0.5 - FAST_TIE_MARGIN && frac < 0.5 + FAST_TIE_MARGIN) return null;
  const n = frac > 0.5 ? floor + 1 : floor;
  if (n === 0) return '0';
  const whole = Math.floor(n / 1e6);
  let part = n - whole * 1e6;
  const sign = value < 0 ? '-' : '';
  if (part === 0) return sign + String(whole);
  let digits = 6;
  while (part % 10 === 0) {
    part /= 10;
    digits -= 1;
  }
  const text = String(part);
  return `${sign}${whole}.${ZEROS.slice(0, digits - text.length)}${text}`;
}

export function csvCell(value: CsvRow[string] | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return quoteCsvField(neutraliseText(value));
}

export async function* flattenRows(rows: RowSource): AsyncGenerator<readonly CsvRow[]> {
  for await (const item of rows) yield Array.isArray(item) ? (item as readonly CsvRow[]) : [item as CsvRow];
}

/** Row objects as column chunks (values picked by the columns' keys), for the chunk writers. */
export async function* rowsToChunks(columns: readonly ExportColumn[], rows: RowSource): AsyncGenerator<CellChunk> {
  for await (const chunk of flattenRows(rows)) {
    yield { rowCount: chunk.length, columns: columns.map((c) => chunk.map((row) => row[c.key] ?? null)) };
  }
}

/**
 * Header row of UI labels, then the rows, then 'Total', with CRLF line endings. Writes one string
 * per chunk and waits for 'drain' when the stream is full, so memory stays flat for any size.
 * Does not end `out` (the caller owns it). Returns the number of data rows written.
 */
export async function writeCsv(
  columns: readonly ExportColumn[],
  rows: RowSource,
  out: Writable,
  options: ExportOptions = {},
): Promise<number> {
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(columns.map((c) => csvCell(c.label)).join(',') + '\r\n');
  let count = 0;
  for await (const chunk of flattenRows(rows)) {
    let text = '';
    for (const row of chunk) text += columns.map((c) => csvCell(row[c.key])).join(',') + '\r\n';
    count += chunk.length;
    await write(text);
  }
  await writeCsvEnd(write, columns, options);
  return count;
}

/** The CSV lines of one chunk (CRLF after each row). Pure: it runs in worker threads too. */
export function encodeCsvChunk(chunk: CellChunk, width: number): string {
  let text = '';
  for (let i = 0; i < chunk.rowCount; i += 1) {
    for (let n = 0; n < width; n += 1) {
      if (n > 0) text += ',';
      text += csvCell(chunk.columns[n]?.[i]);
    }
    text += '\r\n';
  }
  return text;
}

/**
 * encodeCsvChunk's text as UTF-8 bytes, written row by row into one buffer: no chunk-sized string
 * is built (in a worker thread, that string was most of its heap). The same bytes as
 * Buffer.from(encodeCsvChunk(...)): each row is whole characters, so encoding row by row or all
 * at once gives the same UTF-8. Written into `into` (from its start) while they fit; the result
 * is then a view of it, else of a new buffer that took over.
 */
export function encodeCsvChunkBytes(chunk: CellChunk, width: number, into?: Uint8Array): Uint8Array {
  // Rows of the export's shape are ~80 bytes; the buffer doubles when a row does not fit.
  let buf = into ? Buffer.from(into.buffer, into.byteOffset, into.byteLength) : Buffer.allocUnsafeSlow(Math.max(1024, chunk.rowCount * 96));
  let used = 0;
  for (let i = 0; i < chunk.rowCount; i += 1) {
    let row = '';
    for (let n = 0; n < width; n += 1) {
      if (n > 0) row += ',';
      row += csvCell(chunk.columns[n]?.[i]);
    }
    row += '\r\n';
    // A UTF-16 unit is at most 3 UTF-8 bytes: only near the end is the row's size counted.
    if (buf.length - used < row.length * 3) {
      const need = Buffer.byteLength(row, 'utf8');
      if (buf.length - used < need) {
        const bigger = Buffer.allocUnsafeSlow(Math.max(buf.length * 2, used + need));
        buf.copy(bigger, 0, 0, used);
        buf = bigger;
      }
    }
    used += buf.write(row, used, 'utf8');
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, used);
}

const encodeInThread: CsvChunkEncoder = (chunk, width) => Promise.resolve(encodeCsvChunk(chunk, width));

/**
 * writeCsv for column chunks (ReportEngine.streamColumns): the same bytes, with no object per row.
 * `chunk.columns[n]` holds the values of `columns[n]`. Returns the number of data rows written.
 * With `encode` (a worker thread), chunk n is encoded while chunk n+1 is fetched, and chunk n+1
 * goes to the worker only once chunk n's text is written: one chunk in flight per export, so an
 * export keeps one pool thread busy, not two (each thread is a heap of its own; the main thread
 * reads chunks as fast as one thread encodes them on two cores).
 */
export async function writeCsvColumns(
  columns: readonly ExportColumn[],
  chunks: AsyncIterable<CellChunk>,
  out: Writable,
  options: ExportOptions & { encode?: CsvChunkEncoder } = {},
): Promise<number> {
  const write = async (text: string | Uint8Array) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const encode = options.encode ?? encodeInThread;
  await write(columns.map((c) => csvCell(c.label)).join(',') + '\r\n');
  let count = 0;
  const width = columns.length;
  let pending: Promise<string | Uint8Array> | null = null;
  for await (const chunk of chunks) {
    if (pending) await write(await pending);
    pending = encode(chunk, width);
    // Marked handled so a failure while the next chunk is fetched is not an unhandled
    // rejection; awaiting `pending` still throws it.
    pending.catch(() => undefined);
    count += chunk.rowCount;
  }
  if (pending) await write(await pending);
  await writeCsvEnd(write, columns, options);
  return count;
}

/** What follows a table's rows: its 'Total' row when it has totals, then its notes. */
async function writeCsvEnd(
  write: (text: string) => Promise<void>,
  columns: readonly ExportColumn[],
  options: ExportOptions,
): Promise<void> {
  const totalsRow = totalsRowValues(columns, options.totals);
  if (totalsRow) await write(totalsRow.map((v) => csvCell(v)).join(',') + '\r\n');
  if (options.notes?.length) await write(notesCsv(options.notes));
}

/** The notes after the table: a blank line, then one quoted, neutralised cell per note. */
export function notesCsv(notes: readonly string[]): string {
  return '\r\n' + notes.map((n) => `${csvCell(n)}\r\n`).join('');
}

/**
 * The 'Total' row: label in the first column, totals under metric columns. Omitted when the first
 * column is itself a metric (no time column and no dimension: the single row already is the total).
 */
export function totalsRowValues(
  columns: readonly ExportColumn[],
  totals: Record<string, number | null> | undefined,
): (string | number | null)[] | null {
  const first = columns[0];
  if (!totals || !first || !(first.kind === 'text' || first.kind === 'date' || first.kind === 'month')) return null;
  return columns.map((c, n) => (n === 0 ? 'Total' : (totals[c.key] ?? null)));
}
