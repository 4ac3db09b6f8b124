import type { CpuPool } from '../../../lib/workers/cpu-pool';
import type { PublisherIds } from '../required-lines/domain-required-lines';
import type { CheckedRevision, InspectedFile, RenderedHostedFile } from './revision-work';

/**
 * Parsing and diffing revisions (up to 2 MiB each), and parsing crawled files for the domain views
 * and crawl jobs, off the event loop, in the shared pool of worker threads (lib/workers/cpu-pool.ts):
 * one media owner's big file must not make every other request wait.
 */
export interface RevisionWorkers {
  check(content: string, previous: string): Promise<CheckedRevision>;
  diffJson(from: string, to: string): Promise<string>;
  /** A crawled file parsed, with the given required lines it lacks. */
  inspectFile(content: string, required: string[]): Promise<InspectedFile>;
  /** The hosted file as served, from the latest revision, the template and the publisher's ids. */
  renderHosted(own: string, template: string, ids: PublisherIds): Promise<RenderedHostedFile>;
}

const filename = new URL('./revision-worker.mjs', import.meta.url).href;

export function createRevisionWorkers(pool: CpuPool): RevisionWorkers {
  return {
    check: (content, previous) => pool.run({ content, previous }, { filename, name: 'checkRevision' }) as Promise<CheckedRevision>,
    diffJson: (from, to) => pool.run({ from, to }, { filename, name: 'diffRevisionsJson' }) as Promise<string>,
    inspectFile: (content, required) => pool.run({ content, required }, { filename, name: 'inspectFile' }) as Promise<InspectedFile>,
    renderHosted: (own, template, ids) =>
      pool.run({ own, template, ids }, { filename, name: 'renderHostedFile' }) as Promise<RenderedHostedFile>,
  };
}
