import { z } from 'zod';
import {
  AdminPartnerDetailsSchema,
  AdminPartnerInputSchema,
  AdminPartnerPatchSchema,
  AdminPartnerSchema,
  AdminSiteInputSchema,
  AdminSitePatchSchema,
} from './admin-partners';
import { AdminUserPatchSchema, ImpersonateSchema, ImpersonationTokenSchema, RegisteredUserSchema } from './admin-users';
import { ApiErrorSchema } from './api-error';
import { endpoint, OkSchema } from './endpoint';
import { SiteSchema } from './publishers';

const tags = ['admin'] as const;
/** A change the item's state or the caller's own account does not allow. */
const conflict = { 409: ApiErrorSchema } as const;
const PartnerIdParams = z.object({ id: z.string().min(1).max(64) });
const UserIdParams = z.object({ id: z.uuid('No such user.') });

export const AdminPartnerSiteParamsSchema = PartnerIdParams.extend({ siteId: z.string().min(1).max(64) });
export const AdminPartnersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  publisherId: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const AdminUserDeletedSchema = OkSchema.extend({ effects: z.string() });
export const OutboxQuerySchema = z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
/** One mail of the outbox, as the console lists it (codes and links masked). */
export const OutboxItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  created: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

/** Partners and sites in the console: staff read, admins write. */
export const adminPartnersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/partners',
    operationId: 'listAdminPartners',
    summary: 'Partners, optionally only those matching a search',
    tags,
    access: 'staff',
    query: AdminPartnersQuerySchema,
    response: z.array(AdminPartnerSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/partners/:id',
    operationId: 'getAdminPartner',
    summary: 'One partner with its sites',
    tags,
    access: 'staff',
    params: PartnerIdParams,
    response: AdminPartnerDetailsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/partners',
    operationId: 'createPartner',
    summary: 'Create a partner',
    tags,
    access: 'admin',
    body: AdminPartnerInputSchema,
    response: AdminPartnerDetailsSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/partners/:id',
    operationId: 'updatePartner',
    summary: "Change a partner's fields that are given",
    tags,
    access: 'admin',
    params: PartnerIdParams,
    body: AdminPartnerPatchSchema,
    response: AdminPartnerDetailsSchema,
  }),
  addSite: endpoint({
    method: 'POST',
    path: '/api/admin/partners/:id/sites',
    operationId: 'addPartnerSite',
    summary: 'Add a site to a partner',
    tags,
    access: 'admin',
    params: PartnerIdParams,
    body: AdminSiteInputSchema,
    response: SiteSchema,
    otherResponses: conflict,
  }),
  updateSite: endpoint({
    method: 'PATCH',
    path: '/api/admin/partners/:id/sites/:siteId',
    operationId: 'updatePartnerSite',
    summary: "Change a partner site's fields that are given",
    tags,
    access: 'admin',
    params: AdminPartnerSiteParamsSchema,
    body: AdminSitePatchSchema,
    response: SiteSchema,
    otherResponses: conflict,
  }),
} as const;

/** Registered users: staff read them; admins change access and status, and delete. */
export const adminUsersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    operationId: 'listUsers',
    summary: 'Registered users, optionally matching a search or with access to one partner',
    tags,
    access: 'staff',
    query: AdminUsersQuerySchema,
    response: z.array(RegisteredUserSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    operationId: 'getUser',
    summary: 'One registered user',
    tags,
    access: 'staff',
    params: UserIdParams,
    response: RegisteredUserSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    operationId: 'updateUser',
    summary: "Change a user's partners, admin access or disabled state",
    tags,
    access: 'admin',
    params: UserIdParams,
    body: AdminUserPatchSchema,
    response: RegisteredUserSchema,
    otherResponses: conflict,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    operationId: 'deleteUser',
    summary: 'Delete a user; the answer says what was removed and what stays',
    tags,
    access: 'admin',
    params: UserIdParams,
    response: AdminUserDeletedSchema,
    otherResponses: conflict,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/password-reset',
    operationId: 'sendUserPasswordReset',
    summary: 'Mail a user a password-reset code',
    tags,
    access: 'admin',
    params: UserIdParams,
    response: OkSchema,
    otherResponses: conflict,
  }),
} as const;

/** Sign in as partner: an admin opens a partner view, and leaves it from inside. */
export const partnerViewEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/admin/impersonate',
    operationId: 'startPartnerView',
    summary: 'A single-use token that opens a partner view: your own account limited to one partner, for at most an hour',
    tags,
    access: 'admin',
    body: ImpersonateSchema,
    response: ImpersonationTokenSchema,
  }),
  end: endpoint({
    method: 'POST',
    path: '/api/admin/impersonate/end',
    operationId: 'endPartnerView',
    summary: 'End the partner view this token belongs to, in every process',
    tags,
    access: 'signedIn',
    response: OkSchema,
    otherResponses: conflict,
  }),
} as const;

/** The e-mail outbox, readable by provider admins (the delivery record without SMTP). */
export const outboxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    operationId: 'listOutbox',
    summary: 'The latest mails sent, optionally to one address, with codes and links masked',
    tags,
    access: 'admin',
    query: OutboxQuerySchema,
    response: z.array(OutboxItemSchema),
  }),
} as const;
