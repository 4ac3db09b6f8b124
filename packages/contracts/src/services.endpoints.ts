import { z } from 'zod';
import { ApiErrorSchema } from './api-error';
import { endpoint } from './endpoint';
import {
  ActivateServiceSchema,
  ActivationResultSchema,
  CreateServiceRequestSchema,
  DataIntegrationSchema,
  DataIntegrationStatusSchema,
  InitiateDataIntegrationSchema,
  ServiceDetailSchema,
  ServiceRequestSchema,
  ServicesOverviewSchema,
  StaffDecisionSchema,
} from './services';

const tags = ['services'] as const;
const IdParams = z.object({ id: z.string().min(1).max(64) });
/** A state change that the item's current state does not allow (cancel a confirmed integration). */
const conflict = { 409: ApiErrorSchema } as const;

export const ServiceIdParamsSchema = z.object({ serviceId: z.string().min(1).max(64) });
export const ServiceRequestCreatedSchema = z.object({ id: z.string() });
export const StaffDataIntegrationsQuerySchema = z.object({ status: DataIntegrationStatusSchema.optional() });
export const StaffServiceRequestsQuerySchema = z.object({ status: z.literal('pending').optional() });
export const StaffDecisionParamsSchema = z.object({ id: z.string().min(1).max(64), decision: z.enum(['approve', 'reject']) });

/** Services: what a publisher may activate per site, data integrations, and the staff queues behind them. */
export const servicesEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/api/services',
    operationId: 'listServices',
    summary: "The service catalogue with the publisher's sites and where each service is active",
    tags,
    access: 'publisher',
    response: ServicesOverviewSchema,
  }),
  createRequest: endpoint({
    method: 'POST',
    path: '/api/services/requests',
    operationId: 'requestService',
    summary: 'Ask for a product demo or a new data source; staff decide it',
    tags,
    access: 'publisher',
    body: CreateServiceRequestSchema,
    response: ServiceRequestCreatedSchema,
  }),
  initiateIntegration: endpoint({
    method: 'POST',
    path: '/api/services/data-integration/integrations',
    operationId: 'initiateDataIntegration',
    summary: 'Start a data integration for a site; staff confirm it',
    tags,
    access: 'publisher',
    body: InitiateDataIntegrationSchema,
    response: DataIntegrationSchema,
    otherResponses: conflict,
  }),
  cancelIntegration: endpoint({
    method: 'POST',
    path: '/api/services/data-integration/integrations/:id/cancel',
    operationId: 'cancelDataIntegration',
    summary: 'Cancel a data integration that staff have not confirmed yet',
    tags,
    access: 'publisher',
    params: IdParams,
    response: DataIntegrationSchema,
    otherResponses: conflict,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/services/:serviceId',
    operationId: 'getService',
    summary: "One service with its state on each of the publisher's sites",
    tags,
    access: 'publisher',
    params: ServiceIdParamsSchema,
    response: ServiceDetailSchema,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/services/:serviceId/activation',
    operationId: 'activateService',
    summary: 'Activate a service on sites: each site not yet active is pending until the activation job completes',
    tags,
    access: 'publisher',
    params: ServiceIdParamsSchema,
    body: ActivateServiceSchema,
    response: ActivationResultSchema,
  }),
  staffIntegrations: endpoint({
    method: 'GET',
    path: '/api/staff/data-integrations',
    operationId: 'listDataIntegrations',
    summary: "Every publisher's data integrations, optionally in one status",
    tags,
    access: 'staff',
    query: StaffDataIntegrationsQuerySchema,
    response: z.array(DataIntegrationSchema),
  }),
  confirmIntegration: endpoint({
    method: 'POST',
    path: '/api/staff/data-integrations/:id/confirm',
    operationId: 'confirmDataIntegration',
    summary: 'Confirm an initiated data integration',
    tags,
    access: 'staff',
    params: IdParams,
    response: DataIntegrationSchema,
    otherResponses: conflict,
  }),
  staffRequests: endpoint({
    method: 'GET',
    path: '/api/staff/service-requests',
    operationId: 'listServiceRequests',
    summary: 'Product-demo and data-source requests, or only those waiting for a decision',
    tags,
    access: 'staff',
    query: StaffServiceRequestsQuerySchema,
    response: z.array(ServiceRequestSchema),
  }),
  decideRequest: endpoint({
    method: 'POST',
    path: '/api/staff/service-requests/:id/:decision',
    operationId: 'decideServiceRequest',
    summary: "Approve or reject a service request with a reason, mailed to the publisher's users",
    tags,
    access: 'staff',
    params: StaffDecisionParamsSchema,
    body: StaffDecisionSchema.nullish(),
    response: ServiceRequestSchema,
    otherResponses: conflict,
  }),
} as const;
