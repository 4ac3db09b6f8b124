import { z } from 'zod';

/** How an app developer domain claim became active: a proof or a staff decision outranks an unproven claim. */
export const AppDomainClaimMethodSchema = z.enum(['first_claim', 'site_owner', 'hosted_file', 'dns_txt', 'staff']);
export const AppDomainClaimStatusSchema = z.enum(['active', 'pending', 'rejected']);

/** The answer to adding an app developer domain: active at once, or pending until proven. */
export const AdsTxtAppDomainAddedSchema = z.object({ domain_id: z.string(), claimStatus: AppDomainClaimStatusSchema });

/** A claim of the publisher's that is not active yet, with the token that proves it. */
export const AppDomainClaimSchema = z.object({
  domain_id: z.string(),
  domain: z.string(),
  status: z.enum(['pending', 'rejected']),
  token: z.string(),
  /** The DNS TXT record to publish on the domain. */
  dnsRecord: z.string(),
  /** The comment line to add to the domain's /app-ads.txt or /ads.txt. */
  fileLine: z.string(),
  /** Why it waits, the last check's outcome or staff's reason for a rejection. */
  note: z.string().nullable(),
  requestedAt: z.string(),
  checkedAt: z.string().nullable(),
});

export const AppDomainProofCheckSchema = z.object({
  method: z.enum(['hosted_file', 'dns_txt']),
  ok: z.boolean(),
  detail: z.string(),
});

/** "Verify now": the claim's status after both checks, and what each check found. */
export const AppDomainClaimCheckSchema = z.object({
  status: AppDomainClaimStatusSchema,
  method: AppDomainClaimMethodSchema.nullable(),
  checks: z.array(AppDomainProofCheckSchema),
  note: z.string().nullable(),
});

const PublisherRef = z.object({ publisherId: z.string(), publisherName: z.string() });

/** A claim as staff see it, with the domain's site owners and its current holder. */
export const StaffDomainClaimSchema = z.object({
  claimId: z.string(),
  domain: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  status: AppDomainClaimStatusSchema,
  method: AppDomainClaimMethodSchema.nullable(),
  note: z.string().nullable(),
  requestedAt: z.string(),
  checkedAt: z.string().nullable(),
  siteOwners: z.array(PublisherRef),
  holder: PublisherRef.extend({ method: AppDomainClaimMethodSchema.nullable() }).nullable(),
});

export const StaffDomainClaimsQuerySchema = z.object({ status: z.enum(['pending', 'rejected']).default('pending') });

export const DomainClaimDecisionSchema = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters); it goes in the audit log and to the partner.').max(500),
});

export type AppDomainClaim = z.infer<typeof AppDomainClaimSchema>;
export type AppDomainClaimCheck = z.infer<typeof AppDomainClaimCheckSchema>;
export type StaffDomainClaim = z.infer<typeof StaffDomainClaimSchema>;
