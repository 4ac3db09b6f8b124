import { z } from 'zod';
import {
  AcceptInvitationResultSchema,
  AcceptInvitationSchema,
  BulkInviteResultSchema,
  BulkInviteSchema,
  InvitationDataSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationStatusSchema,
  InvitationTokenSchema,
} from './admin-users';
import { ApiErrorSchema } from './api-error';
import { endpoint } from './endpoint';

const tags = ['admin'] as const;
/** A change the invitation's state (or the invitee's account) does not allow. */
const conflict = { 409: ApiErrorSchema } as const;
const IdParams = z.object({ id: z.uuid('No such invitation.') });

export const InvitationsQuerySchema = z.object({
  status: InvitationStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** Invitations: admins manage them; the invitee previews and accepts with the e-mailed token. */
export const invitationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/invitations',
    operationId: 'listInvitations',
    summary: 'Invitations, optionally in one status or matching a search',
    tags,
    access: 'admin',
    query: InvitationsQuerySchema,
    response: z.array(InvitationSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/invitations',
    operationId: 'createInvitation',
    summary: 'Invite someone by e-mail to partners, or to provider staff',
    tags,
    access: 'admin',
    body: InvitationDataSchema,
    response: InvitationSchema,
    otherResponses: conflict,
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/bulk',
    operationId: 'bulkInvite',
    summary: 'Invite many people from CSV lines; the answer tells each line what happened',
    tags,
    access: 'admin',
    body: BulkInviteSchema,
    response: BulkInviteResultSchema,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/:id/resend',
    operationId: 'resendInvitation',
    summary: 'Send a pending invitation again with a new link; the old link stops working',
    tags,
    access: 'admin',
    params: IdParams,
    response: InvitationSchema,
    otherResponses: conflict,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/:id/revoke',
    operationId: 'revokeInvitation',
    summary: 'Revoke a pending invitation: its link stops working',
    tags,
    access: 'admin',
    params: IdParams,
    response: InvitationSchema,
    otherResponses: conflict,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/invitations/preview',
    operationId: 'previewInvitation',
    summary: 'What an invitation link is for, before the invitee accepts it',
    tags: ['identity'],
    access: 'public',
    body: InvitationTokenSchema,
    response: InvitationPreviewSchema,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation: creates the account, or adds the partners to an existing one',
    tags: ['identity'],
    access: 'public',
    body: AcceptInvitationSchema,
    response: AcceptInvitationResultSchema,
    otherResponses: conflict,
  }),
} as const;
