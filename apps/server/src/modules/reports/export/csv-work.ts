import { Piscina } from 'piscina';
import { encodeCsvChunkBytes, type CellChunk } from '../../../lib/csv/csv-writer';

/**
 * The worker-thread half of CSV export encoding (export-encoder.ts is the other half). Loaded as
 * a plain-JS bundle (lib/workers/worker-bundle.ts), so the thread carries no TypeScript loader.
 * The chunk's UTF-8 goes into the export's shared buffer and the task returns its length; a chunk
 * too big for it returns its own buffer, moved, not copied. Either way no chunk-sized string is
 * made on either thread.
 */
export function csvChunk(task: { chunk: CellChunk; width: number; shared?: SharedArrayBuffer }): number | ReturnType<typeof Piscina.move> {
  const into = task.shared ? new Uint8Array(task.shared) : undefined;
  const bytes = encodeCsvChunkBytes(task.chunk, task.width, into);
  if (into && bytes.buffer === into.buffer) return bytes.byteLength;
  // Piscina unwraps the mark: the task resolves to the Uint8Array itself, its buffer transferred.
  return Piscina.move(bytes);
}
