import type { Db } from '../../db/pool';
import { sharedReads } from '../../lib/concurrency/shared-reads';
import { hostedFileRepo, hostedInputsKey } from './hosted-file.repo';
import type { RevisionWorkers } from './revisions/revision-workers';

/** A hosted file's bytes and their strong ETag. */
export interface HostedBytes {
  etag: string;
  bytes: Buffer;
}

/** A hosted file ready to answer: its ETag for a 304, its bytes loaded only for a 200. */
export interface ServableHostedFile {
  etag: string;
  load(): Promise<HostedBytes | null>;
}

/** Bytes of recently served files by ETag (an ETag names exact bytes, so an entry never goes stale). */
class ByteCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(etag: string): Buffer | undefined {
    const hit = this.entries.get(etag);
    if (hit) {
      this.entries.delete(etag);
      this.entries.set(etag, hit);
    }
    return hit;
  }
  set(etag: string, body: Buffer): void {
    if (body.length > this.maxBytes || this.entries.has(etag)) return;
    this.entries.set(etag, body);
    this.bytes += body.length;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= old.length;
    }
  }
}

/**
 * The hosted ads.txt / app-ads.txt are served, not parsed: the file as served is rendered in the
 * worker threads when a revision is saved or hosting starts, and again by the first GET that finds
 * its inputs changed (the template, the publisher's ids: hosted-file.repo.ts's key), then stored
 * for every process. A GET is one small indexed query (shared by the GETs of that file in flight with
 * it) plus bytes from this process's cache (or one read of the stored text): 200 concurrent GETs of a 2 MiB file leave the event loop free
 * (adstxt-hosted.event-loop.api.test.ts).
 */
export function createHostedFiles(deps: { db: Db; revisionWorkers: RevisionWorkers; cacheBytes?: number }) {
  const repo = hostedFileRepo(deps.db);
  const cache = new ByteCache(deps.cacheBytes ?? 64 * 1024 * 1024);
  // One rendering per domain at a time in this process: a burst of GETs after a change waits for it.
  const rendering = new Map<string, Promise<HostedBytes | null>>();
  // A burst of GETs for one file (a crawler fleet, a buyer's refresh) asks the database once while
  // the first lookup is in flight: 200 concurrent GETs otherwise queue 200 queries for the pool and
  // PostgreSQL's CPU beside the event loop's.
  const servingState = sharedReads<Awaited<ReturnType<typeof repo.servingState>>>();

  async function renderNow(domainId: string): Promise<HostedBytes | null> {
    const input = await repo.renderInputs(domainId);
    if (!input) return null;
    const out = await deps.revisionWorkers.renderHosted(input.own, input.template, input);
    await repo.store(domainId, hostedInputsKey(input), out.etag, out.content);
    const bytes = Buffer.from(out.content, 'utf8');
    cache.set(out.etag, bytes);
    return { etag: out.etag, bytes };
  }

  /** Renders and stores a domain's hosted file from its current inputs. */
  function refresh(domainId: string) {
    let running = rendering.get(domainId);
    if (!running) {
      running = renderNow(domainId).finally(() => rendering.delete(domainId));
      rendering.set(domainId, running);
    }
    return running;
  }

  async function stored(domainId: string, etag: string): Promise<HostedBytes | null> {
    const hit = cache.get(etag);
    if (hit) return { etag, bytes: hit };
    const row = await repo.content(domainId);
    // Re-rendered by another request meanwhile: render from the inputs as they are now.
    if (!row || row.etag !== etag) return refresh(domainId);
    const bytes = Buffer.from(row.content, 'utf8');
    cache.set(etag, bytes);
    return { etag, bytes };
  }

  return {
    refresh: async (domainId: string): Promise<void> => void (await refresh(domainId)),

    /** The file to serve at the public URL, or null when the domain is unknown or not hosted. */
    async servable(domainName: string, kind: 'web' | 'app'): Promise<ServableHostedFile | null> {
      const row = await servingState(`${kind}:${domainName.toLowerCase()}`, () => repo.servingState(domainName, kind));
      if (!row || !row.hosted_enabled) return null;
      if (row.etag !== null && row.inputs_key === hostedInputsKey(row)) {
        const etag = row.etag;
        return { etag, load: () => stored(row.id, etag) };
      }
      const fresh = await refresh(row.id);
      return fresh && { etag: fresh.etag, load: async () => fresh };
    },
  };
}
export type HostedFiles = ReturnType<typeof createHostedFiles>;
