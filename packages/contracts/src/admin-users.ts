import { z } from 'zod';
import { NewPasswordField } from './identity';
import { DayField, EmailField } from './fields';

/** The spec's registered user response (enrollment_date in seconds since epoch) plus the console's columns. */
export const RegisteredUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  enrollment_date: z.number().int(),
  publisherScope: z.string(),
  adminAccess: z.boolean(),
  disabled: z.boolean(),
  /** Seconds since epoch of the last session start or renewal; null if the user never signed in. */
  lastSignIn: z.number().int().nullable(),
});
export type RegisteredUser = z.infer<typeof RegisteredUserSchema>;

/** A publisher id as the scope claim lists it (digits or the demo/import ids; never a comma). */
const PublisherIdField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use publisher ids such as 1001.');

/**
 * A user's scope as the console edits it: `ALL` (provider staff) or a list of publisher ids.
 * Admin access only exists for staff and only for addresses the configuration allows.
 */
export const AdminUserPatchSchema = z
  .object({
    publisherIds: z
      .array(z.union([z.literal('ALL'), PublisherIdField]))
      .min(1, 'Choose at least one partner.')
      .max(500),
    adminAccess: z.boolean(),
    disabled: z.boolean(),
  })
  .partial();
export type AdminUserPatch = z.infer<typeof AdminUserPatchSchema>;

/** What deleting a user removes and keeps, stated to the admin before and after. */
export const USER_DELETION_EFFECTS =
  'The account, its sessions and its exported reports are removed. Audit entries, ads.txt revisions and ' +
  'feature-flag changes it made stay, attributed to a deleted user. Partner data (reports, sites, payments) is not touched.';

/** The spec's invitation data: email, publisherIds, adminAccess, mediaOwnerIds. */
export const InvitationDataSchema = z.object({
  email: EmailField,
  /** The partners the invitee will see, or ['ALL'] for provider staff. */
  publisherIds: z
    .array(z.union([z.literal('ALL'), PublisherIdField]))
    .min(1, 'Choose at least one partner.')
    .max(500),
  adminAccess: z.boolean().default(false),
  /** The media-owner accounts the invitee belongs to; each must also be one of publisherIds. */
  mediaOwnerIds: z.array(PublisherIdField).max(500).default([]),
});
export type InvitationData = z.infer<typeof InvitationDataSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'expired', 'revoked']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  publisherIds: z.array(z.string()),
  adminAccess: z.boolean(),
  mediaOwnerIds: z.array(z.string()),
  status: InvitationStatusSchema,
  /** True when the invitee already has an account: accepting grows its scope. */
  existingUser: z.boolean(),
  invitedBy: z.string().nullable(),
  created: z.string(),
  expires: z.string(),
  /** When the last invitation e-mail went out; null if sending failed (resend it). */
  sent: z.string().nullable(),
  accepted: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const BulkInviteSchema = z.object({
  /** CSV with a header: email,publisherIds[,mediaOwnerIds] (ids separated by ";" or spaces). */
  csv: z.string().min(1, 'Paste or choose a CSV file.').max(1_000_000),
});
export const BulkInviteResultSchema = z.object({
  created: z.number().int(),
  rows: z.array(z.object({ line: z.number().int(), email: z.string(), ok: z.boolean(), message: z.string().optional() })),
});
export type BulkInviteResult = z.infer<typeof BulkInviteResultSchema>;

/** The invitee's side: what the link is for, then accepting it. */
export const InvitationTokenSchema = z.object({ token: z.string().trim().min(10).max(200) });
export const InvitationPreviewSchema = z.object({
  email: z.string(),
  partners: z.array(z.string()),
  existingUser: z.boolean(),
  expires: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;
export const AcceptInvitationSchema = InvitationTokenSchema.extend({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  password: NewPasswordField.optional(),
});
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;
export const AcceptInvitationResultSchema = z.object({ email: z.string(), existingUser: z.boolean() });

/** The console's audit log view: filters by actor, partner, action (prefix) and date. */
export const AuditQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  publisherId: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  from: DayField('Use a date YYYY-MM-DD.').optional(),
  to: DayField('Use a date YYYY-MM-DD.').optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  publisherId: z.string().nullable(),
  action: z.string(),
  /** What the change recorded: before/after where the area keeps them. */
  details: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Sign in as partner: staff with admin access get a short-lived token scoped to one publisher. */
export const ImpersonateSchema = z.object({
  publisherId: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters); it goes in the audit log.').max(500),
});
export const ImpersonationTokenSchema = z.object({ token: z.string(), expiresIn: z.number().int(), publisherName: z.string() });
