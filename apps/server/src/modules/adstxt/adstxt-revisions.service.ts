import type { AdsTxtProblem } from '@pc/contracts/adstxt-parser/ads-txt-types';
import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit/audit.repo';
import { adsTxtRepo } from './adstxt.repo';
import { domainOrThrow, type AdsTxtCtx, type AdsTxtServiceDeps } from './adstxt-service-deps';
import { countChanges, revisionLineDiff } from './revisions/revision-diff';

/** The hosted file's revisions: save (only without errors), history, one revision, and a diff of two. */
export function createRevisionsService(deps: AdsTxtServiceDeps) {
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
      const parsed = parseAdsTxt(content);
      const errors = parsed.problems.filter((p) => p.severity === 'error');
      if (errors.length) {
        const fields: Record<string, string> = {};
        for (const p of errors.slice(0, 100)) fields[`line.${p.line}`] ??= p.reason;
        throw new HttpError(
          400,
          `The file has ${errors.length} error${errors.length === 1 ? '' : 's'}; fix ${errors.length === 1 ? 'it' : 'them'} before saving.`,
          'ValidationError',
          fields,
        );
      }
      const previous = await repo.latestRevision(d.id);
      const { added, removed } = countChanges(previous?.content ?? '', content);
      const warnings = parsed.problems.filter((p) => p.severity === 'warning');
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

    async diff(ctx: AdsTxtCtx, domainId: string, fromId: number, toId: number) {
      const [from, to] = [await revision(ctx, domainId, fromId), await revision(ctx, domainId, toId)];
      return revisionLineDiff(from.content, to.content);
    },
  };
}
