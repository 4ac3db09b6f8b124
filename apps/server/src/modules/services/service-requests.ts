import { serviceById, type CreateServiceRequest, type ServiceRequest } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit';
import { mailStaff, type ServicesDeps } from './services-common';
import { servicesRepo } from './services.repo';
import { SERVICES_MAIL_QUEUE, type ServicesMailPayload } from './services.jobs';

type Row = Awaited<ReturnType<ReturnType<typeof servicesRepo>['requests']>>[number];

export const toServiceRequest = (r: Row): ServiceRequest => ({
  id: r.id,
  publisherId: r.publisher_id,
  publisherName: r.publisher_name,
  kind: r.kind,
  serviceId: r.service_id,
  dataSource: r.data_source,
  message: r.message,
  requestedBy: r.requested_by,
  createdAt: r.created_at.toISOString(),
  status: r.status,
  decisionReason: r.decision_reason,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at?.toISOString() ?? null,
});

/** A rejection the publisher cannot understand is no answer: it needs a reason. */
export function checkDecisionReason(decision: 'approved' | 'rejected', reason: string): void {
  if (decision === 'rejected' && reason.trim().length < 3)
    throw badRequest('Say why you reject it: the publisher receives the reason.', { reason: 'Give a reason (at least 3 characters).' });
}

export const describeRequest = (r: { kind: string; service_id: string | null; data_source: string }) =>
  r.kind === 'product_demo'
    ? `a product demo${r.service_id ? ` of ${serviceById(r.service_id)?.name ?? r.service_id}` : ''}`
    : `the data source "${r.data_source}"`;

/**
 * Staff approve or reject a product demo or data-source request: the decision, its audit row and
 * the job that mails the publisher's users the answer commit together, or not at all.
 */
export async function decideServiceRequest(
  d: { db: Db; jobs: JobQueue; productName: string; publicUrl: string },
  actor: string,
  id: string,
  decision: 'approved' | 'rejected',
  reason: string,
): Promise<ServiceRequest> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such service request.');
  return inTransaction(d.db, async (trx) => {
    const r = servicesRepo(trx);
    const locked = await r.requestForUpdate(id);
    if (!locked) throw notFound('No such service request.');
    if (locked.status !== 'pending') throw new HttpError(409, `This request was ${locked.status} already.`, 'Conflict');
    checkDecisionReason(decision, reason);
    await r.decideRequest(id, decision, reason, actor);
    const row = (await r.requests(1, null, id))[0]!;
    await auditRepo(trx).record({
      actorUserId: actor,
      publisherId: row.publisher_id,
      action: decision === 'approved' ? 'service_request.approve' : 'service_request.reject',
      details: { id, kind: row.kind, before: 'pending', after: decision, reason },
    });
    const recipients = await publisherRecipients(trx, row.publisher_id);
    if (recipients.length > 0) {
      const what = describeRequest(row);
      const portal = d.publicUrl.replace(/\/$/, '');
      await d.jobs.enqueue<ServicesMailPayload>(
        SERVICES_MAIL_QUEUE,
        {
          to: recipients,
          subject: `${d.productName}: your request for ${what} was ${decision}`,
          text:
            (decision === 'approved'
              ? `Good news: we accepted your request for ${what}. We will contact you to arrange it.\n`
              : `We cannot take on your request for ${what} for now.\n`) +
            (reason ? `\n${reason}\n` : '') +
            `\nYour services: ${portal}/services\n`,
        },
        { db: trx },
      );
    }
    return toServiceRequest(row);
  });
}

/** Product demo and data-source requests: kept for staff and mailed to them, in one transaction. */
export async function createServiceRequest(
  d: ServicesDeps,
  actor: string,
  publisherId: string,
  input: CreateServiceRequest,
): Promise<{ id: string }> {
  if (input.kind === 'data_source' && input.dataSource.length < 2)
    throw badRequest('Name the data source you want connected.', { dataSource: 'Name the data source (at least 2 characters).' });
  return inTransaction(d.db, async (trx) => {
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
      d,
      trx,
      `${name} requests ${what}`,
      `${who} (${name}, publisher ${publisherId}) requests ${what}.\n${input.message ? `\nMessage:\n${input.message}\n` : ''}`,
    );
    return { id };
  });
}
