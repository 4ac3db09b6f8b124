// Worker-thread entry (piscina) for revision-work.ts. The server runs TypeScript through tsx; a
// worker thread does not always inherit that loader (e.g. under the test runner), so register it.
import { register } from 'tsx/esm/api';

register();
const work = await import('./revision-work.ts');

export const checkRevision = work.checkRevision;
export const diffRevisionsJson = work.diffRevisionsJson;
export const inspectFile = work.inspectFile;
