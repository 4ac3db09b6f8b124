import { checkAdsTxtTemplate, templateError, type AdsTxtTemplate, type AdsTxtTemplatePreview } from '@pc/contracts';
import { inTransaction } from '../../db/transaction';
import { badRequest } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { adsTxtRepo } from './adstxt.repo';
import type { AdsTxtServiceDeps } from './adstxt-service-deps';
import { lineCount, revisionLineDiff } from './revisions/revision-diff';

/** The audit row keeps the changed lines themselves, capped so one huge paste cannot bloat the log. */
const AUDIT_LINES = 50;

/** The provider-wide required-lines template: read, preview a change (problems + diff), save. */
export function createTemplateService(deps: AdsTxtServiceDeps) {
  const { repo } = deps;
  return {
    template: () => repo.template(),

    async templateDetails(): Promise<AdsTxtTemplate> {
      const row = await repo.templateDetails();
      return { content: row.content, updatedAt: row.updated_at.toISOString(), updatedBy: row.email ?? null };
    },

    /** What saving `content` would change, checked by the shared ads.txt parser. Writes nothing. */
    async previewTemplate(content: string): Promise<AdsTxtTemplatePreview> {
      const current = await repo.template();
      return { problems: checkAdsTxtTemplate(content), diff: revisionLineDiff(current, content) };
    },

    /** Refuses a template the parser finds errors in; the template and its audit row commit together. */
    async setTemplate(uid: string, content: string) {
      const error = templateError(checkAdsTxtTemplate(content));
      if (error) throw badRequest(error, { content: error });
      await inTransaction(deps.db, async (trx) => {
        const r = adsTxtRepo(trx);
        const before = await r.template();
        const diff = revisionLineDiff(before, content);
        const changed = (type: 'added' | 'removed') => diff.filter((d) => d.type === type).flatMap((d) => d.lines);
        await r.setTemplate(content, uid);
        await auditRepo(trx).record({
          actorUserId: uid,
          publisherId: null,
          action: 'adstxt.template_updated',
          details: {
            lines: lineCount(content),
            linesBefore: lineCount(before),
            added: changed('added').slice(0, AUDIT_LINES),
            removed: changed('removed').slice(0, AUDIT_LINES),
          },
        });
      });
    },
  };
}
