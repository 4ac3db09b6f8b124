// Worker-thread entry (piscina, lib/workers/cpu-pool.ts) for revision-work.ts.
import '../../../lib/workers/register-tsx.mjs';

const work = await import('./revision-work.ts');

export const checkRevision = work.checkRevision;
export const diffRevisionsJson = work.diffRevisionsJson;
export const inspectFile = work.inspectFile;
export const renderHostedFile = work.renderHostedFile;
