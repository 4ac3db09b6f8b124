import { defineArea } from '../../platform/area';
import type { WebhookEventPublisher } from '../integrations';
import { INCIDENT_NOTIFY_QUEUE, incidentNotifyHandler, type IncidentNotifyPayload } from './incident-notify.job';
import { incidentsRoutes } from './incidents.routes';
import { createIncidentsService } from './incidents.service';

export type { IncidentReport, IncidentsService, ReportOutcome } from './incidents.service';

export { seedDemoIncidents } from './demo/seed-demo-incidents';

/** Incidents: other areas (ads.txt crawls, monitors, the revenue scan) open and resolve them through `incidents`. */
export const incidentsArea = defineArea({
  name: 'incidents',
  async setup({ config, db, jobs, mailer, publicUrl, pollMs }, needs: { publishWebhookEvent: WebhookEventPublisher }) {
    const incidents = createIncidentsService({ db, jobs, publishWebhookEvent: needs.publishWebhookEvent });
    const incidentNotifications = jobs.work<IncidentNotifyPayload>(
      INCIDENT_NOTIFY_QUEUE,
      incidentNotifyHandler(db, mailer, config.PRODUCT_NAME, publicUrl.replace(/\/$/, '')),
      { pollMs, concurrency: 1, leaseMs: 60_000 },
    );
    return {
      /** Other areas (ads.txt, monitors, the revenue scan) open and resolve incidents through it. */
      provides: { incidents },
      workers: { incidentNotifications },
      routes: async (app) => {
        await app.register(incidentsRoutes, { incidents });
      },
    };
  },
});
