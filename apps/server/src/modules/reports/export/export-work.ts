import type { MessagePort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import type { CellChunk, ExportColumn } from '../../../lib/csv/csv-writer';
import { writeXlsxColumns } from './xlsx-writer';

/**
 * The worker-thread half of XLSX export encoding (export-encoder.ts is the other half; CSV chunks
 * are csv-work.ts's). Runs in the shared CPU pool through export-worker.mjs.
 */

/** Main thread -> worker. */
export type ToXlsxWorker = { t: 'chunk'; chunk: CellChunk } | { t: 'end' };
/** Worker -> main thread, in this order: data..., ack (after each chunk), data..., done. */
export type FromXlsxWorker = { t: 'data'; bytes: Uint8Array } | { t: 'ack' } | { t: 'done'; rows: number };

/**
 * A whole XLSX file in this thread: exceljs's streaming writer keeps state (the zip, the sheet)
 * from the first row to the last, so one task holds it for the export. Chunks arrive on `port`,
 * one at a time (each is acknowledged once its rows are added and flushed, which bounds memory);
 * the file's bytes go back on the same port, and `done` last, after the zip has ended.
 */
export async function xlsxThroughPort(task: {
  port: MessagePort;
  columns: ExportColumn[];
  totals: Record<string, number | null> | null;
  notes?: readonly string[];
}): Promise<number> {
  const { port } = task;
  const inbox: ToXlsxWorker[] = [];
  let wake: (() => void) | null = null;
  port.on('message', (m: ToXlsxWorker) => {
    inbox.push(m);
    wake?.();
  });
  const receive = async (): Promise<ToXlsxWorker> => {
    while (inbox.length === 0) await new Promise<void>((r) => (wake = r));
    wake = null;
    return inbox.shift() as ToXlsxWorker;
  };
  const send = (m: FromXlsxWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  async function* chunks(): AsyncGenerator<CellChunk> {
    for (;;) {
      const m = await receive();
      if (m.t === 'end') return;
      yield m.chunk;
      send({ t: 'ack' });
    }
  }
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      // A copy: zlib's buffers may share a larger ArrayBuffer that must not be detached.
      const bytes = new Uint8Array(chunk);
      send({ t: 'data', bytes }, [bytes.buffer]);
      callback();
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  // The main thread closes the channel when it has read `done` (or gives up).
  const options = { ...(task.totals ? { totals: task.totals } : {}), ...(task.notes?.length ? { notes: task.notes } : {}) };
  const rows = await writeXlsxColumns(task.columns, chunks(), out, options);
  await finished;
  send({ t: 'done', rows });
  return rows;
}
