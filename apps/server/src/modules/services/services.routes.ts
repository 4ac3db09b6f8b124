import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
} from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { ServicesService } from './services.service';

const tags = ['services'];
const publisher = { access: 'publisher' as const };
const staff = { access: 'staff' as const };
const withConflict = { ...errorResponses, 409: errorResponses[400] };
const serviceParams = z.object({ serviceId: z.string().min(1).max(64) });
const idParams = z.object({ id: z.string().min(1).max(64) });
const decisionParams = z.object({ id: z.string().min(1).max(64), decision: z.enum(['approve', 'reject']) });

export async function servicesRoutes(app: FastifyInstance, opts: { services: ServicesService }) {
  const r = typed(app);
  const s = opts.services;
  r.get(
    '/api/services',
    { config: publisher, schema: { tags, response: { 200: ServicesOverviewSchema, ...errorResponses } } },
    async (req) => s.overview(req.publisherId!),
  );
  r.post(
    '/api/services/requests',
    {
      config: publisher,
      schema: { tags, body: CreateServiceRequestSchema, response: { 200: z.object({ id: z.string() }), ...errorResponses } },
    },
    async (req) => s.createRequest(req.auth!.uid, req.publisherId!, req.body),
  );
  r.post(
    '/api/services/data-integration/integrations',
    { config: publisher, schema: { tags, body: InitiateDataIntegrationSchema, response: { 200: DataIntegrationSchema, ...withConflict } } },
    async (req) => s.initiateIntegration(req.auth!.uid, req.publisherId!, req.body),
  );
  r.post(
    '/api/services/data-integration/integrations/:id/cancel',
    { config: publisher, schema: { tags, params: idParams, response: { 200: DataIntegrationSchema, ...withConflict } } },
    async (req) => s.cancelIntegration(req.auth!.uid, req.publisherId!, req.params.id),
  );
  r.get(
    '/api/services/:serviceId',
    { config: publisher, schema: { tags, params: serviceParams, response: { 200: ServiceDetailSchema, ...errorResponses } } },
    async (req) => s.detail(req.publisherId!, req.params.serviceId),
  );
  r.post(
    '/api/services/:serviceId/activation',
    {
      config: publisher,
      schema: { tags, params: serviceParams, body: ActivateServiceSchema, response: { 200: ActivationResultSchema, ...errorResponses } },
    },
    async (req) => s.activate(req.auth!.uid, req.publisherId!, req.params.serviceId, req.body.siteIds),
  );
  r.get(
    '/api/staff/data-integrations',
    {
      config: staff,
      schema: {
        tags,
        querystring: z.object({ status: DataIntegrationStatusSchema.optional() }),
        response: { 200: z.array(DataIntegrationSchema), ...errorResponses },
      },
    },
    async (req) => s.staffIntegrations(req.query.status ?? null),
  );
  r.post(
    '/api/staff/data-integrations/:id/confirm',
    { config: staff, schema: { tags, params: idParams, response: { 200: DataIntegrationSchema, ...withConflict } } },
    async (req) => s.confirmIntegration(req.auth!.uid, req.params.id),
  );
  r.get(
    '/api/staff/service-requests',
    {
      config: staff,
      schema: {
        tags,
        querystring: z.object({ status: z.literal('pending').optional() }),
        response: { 200: z.array(ServiceRequestSchema), ...errorResponses },
      },
    },
    async (req) => s.staffRequests(req.query.status ?? null),
  );
  r.post(
    '/api/staff/service-requests/:id/:decision',
    {
      config: staff,
      schema: {
        tags,
        params: decisionParams,
        body: StaffDecisionSchema.nullish(),
        response: { 200: ServiceRequestSchema, ...withConflict },
      },
    },
    async (req) =>
      s.decideRequest(req.auth!.uid, req.params.id, req.params.decision === 'approve' ? 'approved' : 'rejected', req.body?.reason ?? ''),
  );
}
