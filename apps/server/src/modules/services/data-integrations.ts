import type { DataIntegration, DataIntegrationStatus, InitiateDataIntegration } from '@pc/contracts';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/http-error';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit';
import { conflict, mailStaff, ownSites, type ServicesDeps } from './services-common';
import { servicesRepo, type DataIntegrationRow } from './services.repo';
import { SERVICES_MAIL_QUEUE, type ServicesMailPayload } from './services.jobs';

export const toIntegration = (r: DataIntegrationRow): DataIntegration => ({
  id: r.id,
  siteId: r.site_id,
  siteName: r.site_name,
  publisherId: r.publisher_id,
  publisherName: r.publisher_name,
  dataSource: r.data_source,
  contactName: r.contact_name,
  contactEmail: r.contact_email,
  notes: r.notes,
  status: r.status,
  initiatedAt: r.initiated_at.toISOString(),
  cancelledAt: r.cancelled_at?.toISOString() ?? null,
  confirmedAt: r.confirmed_at?.toISOString() ?? null,
});

/** Data integration: the publisher requests one for a site (staff are mailed), then cancels it or staff confirm it. */
export function createDataIntegrations(d: ServicesDeps) {
  const { db } = d;
  const portal = d.publicUrl.replace(/\/$/, '');

  /** INITIATED -> CANCELLED (the publisher) or CONFIRMED (staff); anything else is a conflict. */
  async function moveIntegration(
    actor: string,
    id: string,
    to: 'CANCELLED' | 'CONFIRMED',
    publisherId: string | null,
  ): Promise<DataIntegration> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such data integration.');
    return inTransaction(db, async (trx) => {
      const r = servicesRepo(trx);
      const row = await r.integrationForUpdate(id);
      // Another publisher's integration is "not found" like a missing one: existence is not revealed.
      if (!row || (publisherId !== null && row.publisher_id !== publisherId)) throw notFound('No such data integration.');
      if (row.status !== 'INITIATED')
        throw conflict(`This data integration is ${row.status.toLowerCase()} already; only one in progress can be ${to.toLowerCase()}.`);
      await r.setIntegrationStatus(id, to, actor);
      await auditRepo(trx).record({
        actorUserId: actor,
        publisherId: row.publisher_id,
        action: to === 'CANCELLED' ? 'data_integration.cancel' : 'data_integration.confirm',
        details: { id, siteId: row.site_id, before: row.status, after: to },
      });
      if (to === 'CONFIRMED') {
        const recipients = await publisherRecipients(trx, row.publisher_id);
        if (recipients.length > 0)
          await d.jobs.enqueue<ServicesMailPayload>(
            SERVICES_MAIL_QUEUE,
            {
              to: recipients,
              subject: `${d.productName}: data integration confirmed for ${row.site_name}`,
              text: `Your data source "${row.data_source}" is connected for ${row.site_name}. See ${portal}/services/data-integration\n`,
            },
            { db: trx },
          );
      } else {
        await mailStaff(
          d,
          trx,
          `data integration cancelled by ${row.publisher_name}`,
          `${row.publisher_name} cancelled "${row.data_source}" for ${row.site_name}.\n`,
        );
      }
      return toIntegration((await r.integrationForUpdate(id))!);
    });
  }

  return {
    async initiate(actor: string, publisherId: string, input: InitiateDataIntegration): Promise<DataIntegration> {
      const [site] = await ownSites(db, publisherId, [input.siteId], 'siteId');
      return inTransaction(db, async (trx) => {
        const r = servicesRepo(trx);
        const id = await r.insertIntegration({ publisherId, ...input, by: actor });
        if (!id) throw conflict(`${site!.name} already has a data integration in progress or confirmed.`);
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action: 'data_integration.initiate', details: { id, ...input } });
        const name = await r.publisherName(publisherId);
        await mailStaff(
          d,
          trx,
          `data integration requested by ${name}`,
          `${name} asks to connect "${input.dataSource}" for ${site!.name} (${site!.domain}).\n` +
            `Contact: ${input.contactName} <${input.contactEmail}>\n${input.notes ? `Notes: ${input.notes}\n` : ''}\n` +
            `Confirm it in the portal once the connection works: ${portal}/services/data-integration/activation\n`,
        );
        return toIntegration((await r.integrationForUpdate(id))!);
      });
    },

    async cancel(actor: string, publisherId: string, id: string): Promise<DataIntegration> {
      return moveIntegration(actor, id, 'CANCELLED', publisherId);
    },

    async confirm(actor: string, id: string): Promise<DataIntegration> {
      return moveIntegration(actor, id, 'CONFIRMED', null);
    },

    async staffList(status: DataIntegrationStatus | null): Promise<DataIntegration[]> {
      return (await servicesRepo(db).integrationsWithStatus(status)).map(toIntegration);
    },
  };
}
