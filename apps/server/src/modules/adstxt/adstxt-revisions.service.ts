import type { AdsTxtProblem } from '@pc/contracts/adstxt-parser/ads-txt-types';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { adsTxtRepo } from './adstxt.repo';
import { domainOrThrow, type AdsTxtCtx, type AdsTxtServiceDeps } from './adstxt-service-deps';
import type { HostedFiles } from './hosted-file.service';

/** The hosted file's revisions: save (only without errors), history, one revision, and a diff of two. */
export function createRevisionsService(deps: AdsTxtServiceDeps, hostedFiles: HostedFiles) {
  const { repo } = deps;

  async function revision(ctx: AdsTxtCtx, domainId: string, revisionId: number) {
    const d = await domainOrThrow(repo, ctx, domainId);
    const r = await repo.revision(d.id, revisionId);
    if (!r) throw notFound('This revision does not exist.');
    return { domain: d, content: r.content, revisionId: r.id };
  }

  return {
    revision,

    /** A new revision only when the file has no errors (warnings are allowed and returned). */
    async saveRevision(ctx: AdsTxtCtx, domainId: string, content: string, opts: { restoredFrom?: number } = {}) {
      const d = await domainOrThrow(repo, ctx, domainId);
      const previous = await repo.latestRevision(d.id);
      // Parse, validate and count changes in a worker thread: a 2 MiB file must not stall the server.
      const checked = await deps.revisionWorkers.check(content, previous?.content ?? '');
      const n = checked.errorCount;
      if (n) {
        const fields: Record<string, string> = {};
        for (const p of checked.errors) fields[`line.${p.line}`] ??= p.reason;
        throw new HttpError(
          400,
          `The file has ${n} error${n === 1 ? '' : 's'}; fix ${n === 1 ? 'it' : 'them'} before saving.`,
          'ValidationError',
          fields,
        );
      }
      const { added, removed, warnings } = checked;
      // The revision and its audit row commit together: no revision without its record.
      const id = await inTransaction(deps.db, async (trx) => {
        const revisionId = await adsTxtRepo(trx).insertRevision({
          domainId: d.id,
          content,
          createdBy: ctx.uid,
          added,
          removed,
          warnings: warnings.length,
        });
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: opts.restoredFrom ? 'adstxt.revision_restored' : 'adstxt.revision_saved',
          details: {
            domain: d.domain_name,
            revisionId,
            added,
            removed,
            ...(opts.restoredFrom ? { restoredFrom: opts.restoredFrom } : {}),
          },
        });
        return revisionId;
      });
      // A hosted domain's public file is rendered now, in the worker threads, and stored: its GETs
      // read bytes (hosted-file.service.ts). A failure here fails this answer, not the saved
      // revision: the next GET renders the file from it.
      if (d.hosted_enabled) await hostedFiles.refresh(d.id);
      return { revision_id: id, linesAdded: added, linesRemoved: removed, warnings: warnings as AdsTxtProblem[] };
    },

    async history(ctx: AdsTxtCtx, domainId: string) {
      const d = await domainOrThrow(repo, ctx, domainId);
      const rows = await repo.revisions(d.id);
      return rows.map((r) => ({
        revision_id: r.id,
        author: r.author ?? 'Partners Center',
        created: r.created_at.toISOString(),
        linesAdded: r.lines_added,
        linesRemoved: r.lines_removed,
        warnings: r.warnings,
      }));
    },

    /** The line view as JSON text, computed and serialised in a worker thread. */
    async diffJson(ctx: AdsTxtCtx, domainId: string, fromId: number, toId: number): Promise<string> {
      const [from, to] = [await revision(ctx, domainId, fromId), await revision(ctx, domainId, toId)];
      return deps.revisionWorkers.diffJson(from.content, to.content);
    },
  };
}
