// Worker-thread entry (piscina, lib/workers/cpu-pool.ts) for export-work.ts.
import '../../../lib/workers/register-tsx.mjs';

const work = await import('./export-work.ts');

export const csvChunk = work.csvChunk;
export const xlsxThroughPort = work.xlsxThroughPort;
