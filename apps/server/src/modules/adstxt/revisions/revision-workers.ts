import { Piscina } from 'piscina';
import type { CheckedRevision, InspectedFile } from './revision-work';

/**
 * Parsing and diffing revisions (up to 2 MiB each), and parsing crawled files for the domain views
 * and crawl jobs, off the event loop, in one small pool of worker threads: one media owner's big
 * file must not make every other request wait (issue 11 item 1).
 */
export interface RevisionWorkers {
  check(content: string, previous: string): Promise<CheckedRevision>;
  diffJson(from: string, to: string): Promise<string>;
  /** A crawled file parsed, with the given required lines it lacks. */
  inspectFile(content: string, required: string[]): Promise<InspectedFile>;
  close(): Promise<void>;
}

export function createRevisionWorkers(opts: { maxThreads?: number } = {}): RevisionWorkers {
  const pool = new Piscina({
    filename: new URL('./revision-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: opts.maxThreads ?? 2,
    // Threads go away when idle; the next big save starts one again (~100 ms).
    idleTimeout: 60_000,
  });
  return {
    check: (content, previous) => pool.run({ content, previous }, { name: 'checkRevision' }) as Promise<CheckedRevision>,
    diffJson: (from, to) => pool.run({ from, to }, { name: 'diffRevisionsJson' }) as Promise<string>,
    inspectFile: (content, required) => pool.run({ content, required }, { name: 'inspectFile' }) as Promise<InspectedFile>,
    close: () => pool.destroy(),
  };
}
