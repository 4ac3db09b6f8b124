import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { CpuPool } from '../../../lib/workers/cpu-pool';
import { bundledWorker } from '../../../lib/workers/worker-bundle';
import type { CellChunk, CsvChunkEncoder, ExportColumn, ExportOptions } from '../../../lib/csv/csv-writer';
import type { FromXlsxWorker, ToXlsxWorker } from './export-work';

/**
 * Export encoding off the event loop: CSV chunks and whole XLSX files are
 * encoded in the shared worker pool (lib/workers/cpu-pool.ts). The main thread only reads chunks
 * from the engine and writes the encoded bytes, so a million-row export does not make other
 * requests wait. Without an encoder (unit tests, tools) exportReport encodes in this thread, with
 * the same code and the same bytes.
 */
export interface ExportEncoder {
  /**
   * An encoder for one CSV export, called with one chunk at a time (writeCsvColumns): it returns
   * the chunk's UTF-8 bytes, this thread's copy.
   */
  csvEncoder(): CsvChunkEncoder;
  /** Writes a whole XLSX file to `out` and ends it; returns the number of data rows. */
  xlsx(columns: readonly ExportColumn[], chunks: AsyncIterable<CellChunk>, out: Writable, options: ExportOptions): Promise<number>;
}

type RunOptions = NonNullable<Parameters<CpuPool['run']>[1]>;

const filename = new URL('./export-worker.mjs', import.meta.url).href;

/** Room for one chunk's CSV (~170 KB for 2,048 rows of a wide report); a bigger one is moved. */
const SHARED_BYTES = 1 << 20;

/**
 * CSV chunks go to csv-work.ts as a plain-JS bundle (lib/workers/worker-bundle.ts; made on the
 * first CSV export). The XLSX task keeps the tsx entry: it loads exceljs, a package of its own,
 * and runs once per file, not once per chunk.
 */
export function createExportEncoder(pool: CpuPool): ExportEncoder {
  let csvWorker: Promise<{ filename: string }> | null = null;
  return {
    csvEncoder: () => {
      // One export's buffer: the worker writes a chunk's bytes into it, this thread copies them
      // out before the next chunk goes. Bytes moved from the worker instead (a new buffer per
      // chunk) were freed only by this thread's full GCs, which its small heap seldom needs:
      // some 60 MB of them waited in a 1 M-row export.
      const shared = new SharedArrayBuffer(SHARED_BYTES);
      let busy = false;
      return async (chunk, width) => {
        if (busy) throw new Error('A CSV export encodes one chunk at a time.');
        busy = true;
        try {
          csvWorker ??= bundledWorker(new URL('./csv-work.ts', import.meta.url), new URL(filename));
          const task = { chunk, width, shared };
          const done = (await pool.run(task, { filename: (await csvWorker).filename, name: 'csvChunk' })) as number | Uint8Array;
          return typeof done === 'number' ? Buffer.from(new Uint8Array(shared, 0, done)) : done;
        } finally {
          busy = false;
        }
      };
    },
    xlsx: (columns, chunks, out, options) => xlsxInWorker(pool, columns, chunks, out, options),
  };
}

/**
 * Feeds the chunks to an xlsxThroughPort task one at a time and writes what it sends back. The
 * next chunk goes only after the worker acknowledged the last and `out` has room, so neither
 * side buffers more than about a chunk. If reading the chunks fails, the task is aborted (piscina
 * ends its thread) and the error is thrown; if the worker fails, its error is thrown.
 */
async function xlsxInWorker(
  pool: CpuPool,
  columns: readonly ExportColumn[],
  chunks: AsyncIterable<CellChunk>,
  out: Writable,
  options: ExportOptions,
): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  const task = pool.run(
    { port: port2, columns: [...columns], totals: options.totals ?? null, notes: [...(options.notes ?? [])] },
    // piscina's TransferList type is inferred from an overload of postMessage that does not fit.
    { filename, name: 'xlsxThroughPort', transferList: [port2] as unknown as RunOptions['transferList'], signal: abort.signal },
  ) as Promise<number>;
  let fail: ((err: unknown) => void) | null = null;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  task.catch((err: unknown) => fail?.(err));
  let acked: (() => void) | null = null;
  let done: ((rows: number) => void) | null = null;
  port1.on('message', (m: FromXlsxWorker) => {
    if (m.t === 'data') out.write(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    else if (m.t === 'ack') acked?.();
    else done?.(m.rows);
  });
  const send = (m: ToXlsxWorker) => port1.postMessage(m);
  try {
    for await (const chunk of chunks) {
      const ack = new Promise<void>((r) => (acked = r));
      send({ t: 'chunk', chunk });
      await Promise.race([ack, failed]);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), failed]);
    }
    const finished = new Promise<number>((r) => (done = r));
    send({ t: 'end' });
    const rows = await Promise.race([finished, failed]);
    out.end();
    await task;
    return rows;
  } catch (err) {
    abort.abort();
    throw err;
  } finally {
    port1.close();
  }
}
