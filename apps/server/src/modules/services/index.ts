import { defineArea } from '../../platform/area';
import { scriptUrlOf } from '../site-tag';
import {
  SERVICE_ACTIVATION_QUEUE,
  SERVICES_MAIL_QUEUE,
  servicesMailHandler,
  type ActivationPayload,
  type ServicesMailPayload,
} from './services.jobs';
import { servicesRoutes } from './services.routes';
import { createServicesService } from './services.service';

export { checkDecisionReason } from './service-requests';
export { SERVICES_MAIL_QUEUE, type ServicesMailPayload } from './services.jobs';
export { seedDemoSiteServices } from './demo/seed-demo-site-services';

/** Services per site: a publisher's requests, staff decisions and activations. */
export const servicesArea = defineArea({
  name: 'services',
  async setup({ config, db, jobs, mailer, publicUrl, pollMs }) {
    const services = createServicesService({
      db,
      jobs,
      staffEmail: config.STAFF_NOTIFY_EMAIL,
      productName: config.PRODUCT_NAME,
      publicUrl,
      scriptUrl: (key) => scriptUrlOf(publicUrl, key),
    });
    const serviceActivations = jobs.work<ActivationPayload>(SERVICE_ACTIVATION_QUEUE, (job) => services.completeActivation(job.payload), {
      pollMs,
      concurrency: 1,
      leaseMs: 60_000,
    });
    const servicesMail = jobs.work<ServicesMailPayload>(SERVICES_MAIL_QUEUE, servicesMailHandler(mailer), {
      pollMs,
      concurrency: 1,
      leaseMs: 60_000,
    });
    return {
      provides: {},
      workers: { serviceActivations, servicesMail },
      routes: async (app) => {
        await app.register(servicesRoutes, { services });
      },
    };
  },
});
