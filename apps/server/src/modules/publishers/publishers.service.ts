import type { Company, UserScope } from '@pc/contracts';
import { notFound } from '../../lib/http-error';
import type { AuditRepo } from '../audit/audit.repo';
import type { PublishersRepo } from './publishers.repo';

export function createPublishersService(repo: PublishersRepo, audit: AuditRepo) {
  return {
    /** internal: all; external multiple: their list; external single: their one. */
    listPartners(scope: UserScope) {
      if (scope.type === 'internal') return repo.listPartners('ALL');
      return repo.listPartners(scope.type === 'external_single' ? [scope.publisherId] : scope.publishers);
    },
    async details(publisherId: string, includeSites: boolean) {
      const details = await repo.getDetails(publisherId, includeSites);
      if (!details) throw notFound('This publisher does not exist.');
      return details;
    },
    async updateCompany(ctx: { uid: string; publisherId: string }, company: Company) {
      await this.details(ctx.publisherId, false);
      await repo.upsertCompany(ctx.publisherId, company);
      await audit.record({ actorUserId: ctx.uid, publisherId: ctx.publisherId, action: 'company.updated', details: company });
      return this.details(ctx.publisherId, true);
    },
  };
}
export type PublishersService = ReturnType<typeof createPublishersService>;
