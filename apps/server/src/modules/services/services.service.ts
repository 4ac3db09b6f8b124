import {
  SERVICE_CATALOGUE,
  serviceById,
  type CreateServiceRequest,
  type ServiceDefinition,
  type ServiceDetail,
  type ServiceRequest,
  type ServicesOverview,
  type ServiceSummary,
} from '@pc/contracts';
import { notFound } from '../../lib/http-error';
import { createDataIntegrations, toIntegration } from './data-integrations';
import { createServiceActivation } from './service-activation';
import { createServiceRequest, decideServiceRequest, toServiceRequest } from './service-requests';
import { DATA_INTEGRATION, type ServicesDeps } from './services-common';
import { servicesRepo } from './services.repo';
import { createSiteStatusService, sitesUsing } from '../site-status';

export type { ServicesDeps } from './services-common';

/** Services catalogue, activation and data integration rules. */
export function createServicesService(d: ServicesDeps) {
  const { db } = d;
  const repo = servicesRepo(db);
  const siteStatus = createSiteStatusService(db);
  const activation = createServiceActivation(d);
  const dataIntegrations = createDataIntegrations(d);

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

    activate: activation.activate,
    completeActivation: activation.completeActivation,
    initiateIntegration: dataIntegrations.initiate,
    cancelIntegration: dataIntegrations.cancel,
    confirmIntegration: dataIntegrations.confirm,
    staffIntegrations: dataIntegrations.staffList,
    createRequest: (actor: string, publisherId: string, input: CreateServiceRequest) => createServiceRequest(d, actor, publisherId, input),

    async staffRequests(status: 'pending' | null = null): Promise<ServiceRequest[]> {
      return (await repo.requests(200, status)).map(toServiceRequest);
    },

    decideRequest: (actor: string, id: string, decision: 'approved' | 'rejected', reason: string) =>
      decideServiceRequest(d, actor, id, decision, reason),
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
