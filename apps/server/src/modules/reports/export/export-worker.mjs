// Worker-thread entry (piscina, lib/workers/cpu-pool.ts) for export-work.ts, and for csv-work.ts
// when it could not be bundled (export-encoder.ts).
import '../../../lib/workers/register-tsx.mjs';

const work = await import('./export-work.ts');
const csv = await import('./csv-work.ts');

export const csvChunk = csv.csvChunk;
export const xlsxThroughPort = work.xlsxThroughPort;
