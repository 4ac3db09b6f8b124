import type { Db } from '../../db/pool';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, badRequest } from '../../lib/http-error';
import { createSiteStatusService } from '../site-status';
import { SERVICES_MAIL_QUEUE, type ServicesMailPayload } from './services.jobs';

export const conflict = (message: string) => new HttpError(409, message, 'Conflict');
export const DATA_INTEGRATION = 'data-integration';

export interface ServicesDeps {
  db: Db;
  jobs: JobQueue;
  /** Where requests for staff are mailed (config STAFF_NOTIFY_EMAIL). */
  staffEmail: string;
  productName: string;
  publicUrl: string;
  scriptUrl: (tagKey: string) => string;
}

/** The publisher's own active sites among `siteIds`; another publisher's site is 400 like an unknown one. */
export async function ownSites(db: Db, publisherId: string, siteIds: string[], field: string) {
  const sites = await createSiteStatusService(db).sitesOf(publisherId);
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

/** A mail to staff (config STAFF_NOTIFY_EMAIL), queued in the transaction `trx`. */
export const mailStaff = (d: ServicesDeps, trx: Db, subject: string, text: string) =>
  d.jobs.enqueue<ServicesMailPayload>(
    SERVICES_MAIL_QUEUE,
    { to: [d.staffEmail], subject: `${d.productName}: ${subject}`, text },
    { db: trx },
  );
