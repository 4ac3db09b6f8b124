import { z } from 'zod';
import { ApiErrorSchema } from './api-error';
import { endpoint, OkSchema } from './endpoint';
import { AdsTxtAddAppDomainSchema } from './adstxt';
import { AdsTxtDomainParamsSchema } from './adstxt.endpoints';
import {
  AdsTxtAppDomainAddedSchema,
  AppDomainClaimCheckSchema,
  AppDomainClaimSchema,
  DomainClaimDecisionSchema,
  StaffDomainClaimSchema,
  StaffDomainClaimsQuerySchema,
} from './adstxt-claims';

const tags = ['ads.txt'] as const;

export const DomainClaimParamsSchema = z.object({ claimId: z.string().min(1).max(100) });

/** A publisher's app developer domains, whose /app-ads.txt is managed like a site's ads.txt. */
export const appDomainEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/api/adstxt/app-domains',
    operationId: 'addAppDomain',
    summary: 'Add an app developer domain: active at once, or pending until the claim is proven',
    tags,
    access: 'publisher',
    body: AdsTxtAddAppDomainSchema,
    response: AdsTxtAppDomainAddedSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/adstxt/app-domains/:domainId',
    operationId: 'removeAppDomain',
    summary: 'Remove an app developer domain of the publisher',
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: OkSchema,
  }),
} as const;

/** The publisher's app developer domain claims that wait for proof, and "Verify now". */
export const appDomainClaimEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/adstxt/app-domains/claims',
    operationId: 'listAppDomainClaims',
    summary: "The publisher's app developer domain claims that are not active yet, with the token that proves each",
    tags,
    access: 'publisher',
    response: z.array(AppDomainClaimSchema),
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/adstxt/app-domains/:domainId/verify',
    operationId: 'verifyAppDomainClaim',
    summary: "Look for a claim's token in the domain's file and DNS now, and activate the claim when found",
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: AppDomainClaimCheckSchema,
    otherResponses: { 409: ApiErrorSchema },
  }),
} as const;

/** Staff see pending and clashing app domain claims and approve or reject them with a reason (audited). */
export const domainClaimStaffEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/domain-claims',
    operationId: 'listDomainClaims',
    summary: "App developer domain claims that are pending or rejected, with the domain's site owners and holder",
    tags: ['admin'],
    access: 'staff',
    query: StaffDomainClaimsQuerySchema,
    response: z.array(StaffDomainClaimSchema),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/admin/domain-claims/:claimId/approve',
    operationId: 'approveDomainClaim',
    summary: "Make an app developer domain claim the domain's active one, with a reason (audited)",
    tags: ['admin'],
    access: 'staff',
    params: DomainClaimParamsSchema,
    body: DomainClaimDecisionSchema,
    response: OkSchema,
    otherResponses: { 409: ApiErrorSchema },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/domain-claims/:claimId/reject',
    operationId: 'rejectDomainClaim',
    summary: 'Reject an app developer domain claim, with a reason the partner sees (audited)',
    tags: ['admin'],
    access: 'staff',
    params: DomainClaimParamsSchema,
    body: DomainClaimDecisionSchema,
    response: OkSchema,
    otherResponses: { 409: ApiErrorSchema },
  }),
} as const;
