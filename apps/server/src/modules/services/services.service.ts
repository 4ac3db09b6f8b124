import {
  SERVICE_CATALOGUE,
  serviceById,
  type ActivationResult,
  type CreateServiceRequest,
  type DataIntegration,
  type DataIntegrationStatus,
  type InitiateDataIntegration,
  type ServiceDefinition,
  type ServiceDetail,
  type ServiceRequest,
  type ServicesOverview,
  type ServiceSummary,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit/audit.repo';
import { decideServiceRequest, describeRequest, toServiceRequest } from './service-requests';
import { servicesRepo, type DataIntegrationRow } from './services.repo';
import { SERVICE_ACTIVATION_QUEUE, SERVICES_MAIL_QUEUE, type ActivationPayload, type ServicesMailPayload } from './services.jobs';
import { createSiteStatusService, sitesUsing } from '../site-status';

const conflict = (message: string) => new HttpError(409, message, 'Conflict');
const DATA_INTEGRATION = 'data-integration';

const toIntegration = (r: DataIntegrationRow): DataIntegration => ({
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

export interface ServicesDeps {
  db: Db;
  jobs: JobQueue;
  /** Where requests for staff are mailed (config STAFF_NOTIFY_EMAIL). */
  staffEmail: string;
  productName: string;
  publicUrl: string;
  scriptUrl: (tagKey: string) => string;
}

/** Services catalogue, activation and data integration rules. */
export function createServicesService(d: ServicesDeps) {
  const { db } = d;
  const repo = servicesRepo(db);
  const siteStatus = createSiteStatusService(db);
  const portal = d.publicUrl.replace(/\/$/, '');

  // The sites and their status come from the one site read model (modules/site-status), which
  // Setup, the home page and My Plans read too.
  // Full integration rows only for the detail that lists them; the read model knows who is onboarded.
  async function state(publisherId: string, withIntegrations = false) {
    const [{ statuses, states }, integrations] = await Promise.all([
      siteStatus.statusesOf(publisherId),
      withIntegrations ? repo.integrationsOf(publisherId) : [],
    ]);
    return { statuses, states, integrations, views: statuses.map((st) => st.tracking) };
  }

  /** A service's site count is the sites that really use it (site-status.ts, `servicesInUse`). */
  const summary = (def: ServiceDefinition, s: Awaited<ReturnType<typeof state>>): ServiceSummary => ({
    ...def,
    activeSites: sitesUsing(s.statuses, def.id),
  });

  /** The publisher's own active sites among `siteIds`; another publisher's site is 400 like an unknown one. */
  async function ownSites(publisherId: string, siteIds: string[], field: string) {
    const sites = await repo.sitesOf(publisherId);
    const byId = new Map(sites.map((s) => [s.id, s]));
    for (const id of siteIds) {
      const site = byId.get(id);
      if (site && !site.active)
        throw badRequest('This site is deactivated; ask us to reactivate it first.', { [field]: `Site ${id} is deactivated.` });
      if (site) continue;
      // Site ids are small numbers anyone can count through: another publisher's site gets the
      // same answer as one that does not exist, so the answer does not say which ids are taken.
      throw badRequest('Choose one of your sites.', { [field]: `No site ${id}.` });
    }
    return siteIds.map((id) => byId.get(id)!);
  }

  const mailStaff = (trx: Db, subject: string, text: string) =>
    d.jobs.enqueue<ServicesMailPayload>(
      SERVICES_MAIL_QUEUE,
      { to: [d.staffEmail], subject: `${d.productName}: ${subject}`, text },
      { db: trx },
    );

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
          trx,
          `data integration cancelled by ${row.publisher_name}`,
          `${row.publisher_name} cancelled "${row.data_source}" for ${row.site_name}.\n`,
        );
      }
      return toIntegration((await r.integrationForUpdate(id))!);
    });
  }

  return {
    async overview(publisherId: string): Promise<ServicesOverview> {
      const s = await state(publisherId);
      return { services: SERVICE_CATALOGUE.map((def) => summary(def, s)), sites: s.views };
    },

    async detail(publisherId: string, serviceId: string): Promise<ServiceDetail> {
      const def = serviceById(serviceId);
      if (!def) throw notFound('No such service.');
      const s = await state(publisherId, def.id === DATA_INTEGRATION);
      return {
        service: summary(def, s),
        sites: s.views.map((v) => {
          const row = s.states.find((r) => r.site_id === v.siteId && r.service_id === def.id);
          const confirmed = s.integrations.find((i) => i.site_id === v.siteId && i.status === 'CONFIRMED');
          return {
            ...v,
            service:
              def.id === DATA_INTEGRATION
                ? {
                    siteId: v.siteId,
                    status: confirmed ? 'ACTIVATED' : 'NOT_ACTIVATED',
                    requestedAt: null,
                    activatedAt: confirmed?.confirmed_at?.toISOString() ?? null,
                  }
                : {
                    siteId: v.siteId,
                    status: row?.status ?? 'NOT_ACTIVATED',
                    requestedAt: row?.requested_at?.toISOString() ?? null,
                    activatedAt: row?.activated_at?.toISOString() ?? null,
                  },
          };
        }),
        dataIntegrations: def.id === DATA_INTEGRATION ? s.integrations.map(toIntegration) : [],
      };
    },

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
      await ownSites(publisherId, unique, 'siteIds');
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

    async initiateIntegration(actor: string, publisherId: string, input: InitiateDataIntegration): Promise<DataIntegration> {
      const [site] = await ownSites(publisherId, [input.siteId], 'siteId');
      return inTransaction(db, async (trx) => {
        const r = servicesRepo(trx);
        const id = await r.insertIntegration({ publisherId, ...input, by: actor });
        if (!id) throw conflict(`${site!.name} already has a data integration in progress or confirmed.`);
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action: 'data_integration.initiate', details: { id, ...input } });
        const name = await r.publisherName(publisherId);
        await mailStaff(
          trx,
          `data integration requested by ${name}`,
          `${name} asks to connect "${input.dataSource}" for ${site!.name} (${site!.domain}).\n` +
            `Contact: ${input.contactName} <${input.contactEmail}>\n${input.notes ? `Notes: ${input.notes}\n` : ''}\n` +
            `Confirm it in the portal once the connection works: ${portal}/services/data-integration/activation\n`,
        );
        return toIntegration((await r.integrationForUpdate(id))!);
      });
    },

    async cancelIntegration(actor: string, publisherId: string, id: string): Promise<DataIntegration> {
      return moveIntegration(actor, id, 'CANCELLED', publisherId);
    },

    async confirmIntegration(actor: string, id: string): Promise<DataIntegration> {
      return moveIntegration(actor, id, 'CONFIRMED', null);
    },

    async staffIntegrations(status: DataIntegrationStatus | null): Promise<DataIntegration[]> {
      return (await repo.integrationsWithStatus(status)).map(toIntegration);
    },

    /** Product demo and data-source requests: kept for staff and mailed to them, in one transaction. */
    async createRequest(actor: string, publisherId: string, input: CreateServiceRequest): Promise<{ id: string }> {
      if (input.kind === 'data_source' && input.dataSource.length < 2)
        throw badRequest('Name the data source you want connected.', { dataSource: 'Name the data source (at least 2 characters).' });
      return inTransaction(db, async (trx) => {
        const r = servicesRepo(trx);
        const id = await r.insertRequest({
          publisherId,
          kind: input.kind,
          serviceId: input.serviceId ?? null,
          dataSource: input.dataSource,
          message: input.message,
          by: actor,
        });
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId,
          action: `service_request.${input.kind}`,
          details: { id, ...input },
        });
        const [name, who] = await Promise.all([r.publisherName(publisherId), r.userEmail(actor)]);
        const what = describeRequest({ kind: input.kind, service_id: input.serviceId ?? null, data_source: input.dataSource });
        await mailStaff(
          trx,
          `${name} requests ${what}`,
          `${who} (${name}, publisher ${publisherId}) requests ${what}.\n${input.message ? `\nMessage:\n${input.message}\n` : ''}`,
        );
        return { id };
      });
    },

    async staffRequests(status: 'pending' | null = null): Promise<ServiceRequest[]> {
      return (await repo.requests(200, status)).map(toServiceRequest);
    },

    decideRequest: (actor: string, id: string, decision: 'approved' | 'rejected', reason: string) =>
      decideServiceRequest(d, actor, id, decision, reason),
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
