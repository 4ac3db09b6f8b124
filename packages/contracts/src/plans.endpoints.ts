import { z } from 'zod';
import { ApiErrorSchema } from './api-error';
import { endpoint } from './endpoint';
import { MyPlanSchema, PlanChangeRequestSchema, PlanSchema, RequestPlanChangeSchema } from './plans';
import { StaffDecisionSchema } from './services';

const tags = ['plans'] as const;
/** The plan asked for is the current one, a request is waiting already, or it was decided already. */
const conflict = { 409: ApiErrorSchema } as const;

export const PlanRequestsQuerySchema = z.object({ status: z.literal('pending').optional() });
export const PlanDecisionParamsSchema = z.object({ id: z.string().min(1).max(64), decision: z.enum(['approve', 'reject']) });

/** Plans: the catalogue, the publisher's plan and usage, its change requests and staff's decisions on them. */
export const plansEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/plans',
    operationId: 'listPlans',
    summary: 'The plans on offer, each with the feature values and limits it sets',
    tags,
    access: 'signedIn',
    response: z.array(PlanSchema),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/my-plans',
    operationId: 'getMyPlan',
    summary: "The publisher's plan, its sites, usage against each limit and any change request waiting",
    tags,
    access: 'publisher',
    response: MyPlanSchema,
  }),
  requestChange: endpoint({
    method: 'POST',
    path: '/api/my-plans/requests',
    operationId: 'requestPlanChange',
    summary: 'Ask to move to another plan; staff are mailed and decide',
    tags,
    access: 'publisher',
    body: RequestPlanChangeSchema,
    response: PlanChangeRequestSchema,
    otherResponses: conflict,
  }),
  staffRequests: endpoint({
    method: 'GET',
    path: '/api/staff/plan-requests',
    operationId: 'listPlanChangeRequests',
    summary: 'Plan change requests, or only those waiting for a decision',
    tags,
    access: 'staff',
    query: PlanRequestsQuerySchema,
    response: z.array(PlanChangeRequestSchema),
  }),
  decideRequest: endpoint({
    method: 'POST',
    path: '/api/staff/plan-requests/:id/:decision',
    operationId: 'decidePlanChangeRequest',
    summary: "Approve a plan change request, its plan applying at once, or reject it with a reason; the publisher's users are mailed",
    tags,
    access: 'staff',
    params: PlanDecisionParamsSchema,
    body: StaffDecisionSchema.nullish(),
    response: PlanChangeRequestSchema,
    otherResponses: conflict,
  }),
} as const;
