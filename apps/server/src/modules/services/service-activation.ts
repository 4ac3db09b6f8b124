import { serviceById, type ActivationResult } from '@pc/contracts';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../lib/http-error';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit';
import { DATA_INTEGRATION, ownSites, type ServicesDeps } from './services-common';
import { servicesRepo } from './services.repo';
import { SERVICE_ACTIVATION_QUEUE, SERVICES_MAIL_QUEUE, type ActivationPayload, type ServicesMailPayload } from './services.jobs';

/** A service's activation on chosen sites, and the job that completes it. */
export function createServiceActivation(d: ServicesDeps) {
  const { db } = d;
  const portal = d.publicUrl.replace(/\/$/, '');
  return {
    /**
     * Activation of a service on chosen sites: each site not yet active moves to PENDING with its
     * audit row and the job that completes it (issuing the tag and mailing the guide), all in one
     * transaction. The job sets ACTIVATED; for site-tag services the site counts as activated only
     * once event-tracker data has arrived too (tracking-view.ts).
     */
    async activate(actor: string, publisherId: string, serviceId: string, siteIds: string[]): Promise<ActivationResult> {
      const def = serviceById(serviceId);
      if (!def) throw notFound('No such service.');
      if (def.id === DATA_INTEGRATION)
        throw badRequest('Data integration starts with a request: name the data source and a contact.', {
          siteIds: 'Use the data integration form.',
        });
      const unique = [...new Set(siteIds)];
      await ownSites(db, publisherId, unique, 'siteIds');
      const result = await inTransaction(db, async (trx) => {
        const r = servicesRepo(trx);
        const current = await r.statesForUpdate(publisherId, def.id, unique);
        const alreadyActive = unique.filter((id) => current.some((c) => c.site_id === id && c.status !== 'NOT_ACTIVATED'));
        const pending = unique.filter((id) => !alreadyActive.includes(id));
        for (const id of pending) await r.markPending(publisherId, def.id, id, actor);
        if (pending.length > 0) {
          await auditRepo(trx).record({
            actorUserId: actor,
            publisherId,
            action: 'service.activate',
            details: { serviceId: def.id, siteIds: pending },
          });
          await d.jobs.enqueue<ActivationPayload>(
            SERVICE_ACTIVATION_QUEUE,
            { publisherId, serviceId: def.id, siteIds: pending },
            { db: trx },
          );
        }
        return { activated: [], pending, alreadyActive };
      });
      const tag = def.usesSiteTag
        ? (await db.selectFrom('sites').select(['id', 'tag_key']).where('id', 'in', unique).execute()).map((s) => {
            const scriptUrl = d.scriptUrl(s.tag_key);
            return { siteId: s.id, scriptUrl, snippet: `<script async src="${scriptUrl}"></script>` };
          })
        : [];
      return { ...result, tag };
    },

    /** The activation job: PENDING -> ACTIVATED, and the tag's install guide to the publisher's users. */
    async completeActivation(p: ActivationPayload): Promise<void> {
      const def = serviceById(p.serviceId);
      if (!def) return;
      await inTransaction(db, async (trx) => {
        const moved = await servicesRepo(trx).activatePending(def.id, p.siteIds);
        if (moved.length === 0) return;
        await auditRepo(trx).record({
          actorUserId: null,
          publisherId: p.publisherId,
          action: 'service.activated',
          details: { serviceId: def.id, siteIds: moved },
        });
        if (!def.usesSiteTag) return;
        const sites = await trx
          .selectFrom('sites')
          .select(['name', 'domain', 'tag_key'])
          .where('id', 'in', moved)
          .orderBy('name')
          .execute();
        const lines = sites.map((s) => `${s.name} (${s.domain}):\n  <script async src="${d.scriptUrl(s.tag_key)}"></script>`);
        const to = await publisherRecipients(trx, p.publisherId);
        if (to.length === 0) return;
        await d.jobs.enqueue<ServicesMailPayload>(
          SERVICES_MAIL_QUEUE,
          {
            to,
            subject: `${d.productName}: install the site tag for ${def.name}`,
            text:
              `${def.name} is activated. Add this line to the <head> of every page of each site:\n\n${lines.join('\n\n')}\n\n` +
              `The service shows data once the first page views reach us; follow its status at ${portal}/services/${def.id}.\n`,
          },
          { db: trx },
        );
      });
    },
  };
}
