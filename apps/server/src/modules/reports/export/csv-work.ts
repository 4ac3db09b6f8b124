import { Piscina } from 'piscina';
import { encodeCsvChunkBytes, type CellChunk } from './csv-writer';

/**
 * The worker-thread half of CSV export encoding (export-encoder.ts is the other half). Loaded as
 * a plain-JS bundle (lib/workers/worker-bundle.ts), so the thread carries no TypeScript loader.
 * The chunk's UTF-8 bytes go back moved, not copied, and the main thread writes them as they are:
 * it holds no chunk-sized string.
 */
export function csvChunk(task: { chunk: CellChunk; width: number }): ReturnType<typeof Piscina.move> {
  // Piscina unwraps the mark: the task resolves to the Uint8Array itself, its buffer transferred.
  return Piscina.move(encodeCsvChunkBytes(task.chunk, task.width));
}
