import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MyPlanSchema, PlanChangeRequestSchema, PlanSchema, RequestPlanChangeSchema, StaffDecisionSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { PlansService } from './plans.service';

const tags = ['plans'];
const withConflict = { ...errorResponses, 409: errorResponses[400] };

export async function plansRoutes(app: FastifyInstance, opts: { plans: PlansService }) {
  const r = typed(app);
  const p = opts.plans;
  r.get(
    '/api/plans',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: z.array(PlanSchema), ...errorResponses } } },
    async () => p.catalogue(),
  );
  r.get(
    '/api/my-plans',
    { config: { access: 'publisher' }, schema: { tags, response: { 200: MyPlanSchema, ...errorResponses } } },
    async (req) => p.mine(req.publisherId!),
  );
  r.post(
    '/api/my-plans/requests',
    {
      config: { access: 'publisher' },
      schema: { tags, body: RequestPlanChangeSchema, response: { 200: PlanChangeRequestSchema, ...withConflict } },
    },
    async (req) => p.requestChange(req.auth!.uid, req.publisherId!, req.body.planId, req.body.message),
  );
  r.get(
    '/api/staff/plan-requests',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        querystring: z.object({ status: z.literal('pending').optional() }),
        response: { 200: z.array(PlanChangeRequestSchema), ...errorResponses },
      },
    },
    async (req) => p.list(req.query.status ?? null),
  );
  r.post(
    '/api/staff/plan-requests/:id/:decision',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(64), decision: z.enum(['approve', 'reject']) }),
        body: StaffDecisionSchema.nullish(),
        response: { 200: PlanChangeRequestSchema, ...withConflict },
      },
    },
    async (req) =>
      p.decide(req.auth!.uid, req.params.id, req.params.decision === 'approve' ? 'approved' : 'rejected', req.body?.reason ?? ''),
  );
}
