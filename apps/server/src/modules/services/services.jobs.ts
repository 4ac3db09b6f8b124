import type { Mailer } from '../../mail/mailer';

export const SERVICE_ACTIVATION_QUEUE = 'service-activation';
export const SERVICES_MAIL_QUEUE = 'services-mail';

export interface ActivationPayload {
  publisherId: string;
  serviceId: string;
  siteIds: string[];
}

export interface ServicesMailPayload {
  to: string[];
  subject: string;
  text: string;
}

/** Sends a queued message to each recipient (queued in the transaction of the write it reports). */
export function servicesMailHandler(mailer: Mailer) {
  return async (job: { payload: ServicesMailPayload }) => {
    for (const to of job.payload.to) await mailer.send({ to, subject: job.payload.subject, text: job.payload.text });
  };
}
