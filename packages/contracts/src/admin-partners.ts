import { z } from 'zod';
import { SiteSchema } from './publishers';

/** A partner row of the admin console's list. */
export const AdminPartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  has_direct: z.boolean(),
  appnexus_marketplace_id: z.string().nullable(),
  appnexus_direct_id: z.string().nullable(),
  company: z.string(),
  sites: z.number().int(),
  activeSites: z.number().int(),
  created: z.string(),
});
export type AdminPartner = z.infer<typeof AdminPartnerSchema>;

export const AdminPartnerDetailsSchema = AdminPartnerSchema.extend({ siteList: z.array(SiteSchema) });
export type AdminPartnerDetails = z.infer<typeof AdminPartnerDetailsSchema>;

const optionalId = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d*$/, 'Use digits only.')
  .transform((v) => v || null)
  .nullable();

// Bases without defaults: a PATCH must not fill omitted fields with their creation defaults.
const PartnerFields = z.object({
  name: z.string().trim().min(1, 'Partner name is required!').max(200),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. USD.'),
  has_direct: z.boolean(),
  appnexus_marketplace_id: optionalId,
  appnexus_direct_id: optionalId,
  company: z.string().trim().max(200),
});
export const AdminPartnerInputSchema = PartnerFields.extend({
  has_direct: PartnerFields.shape.has_direct.default(false),
  appnexus_marketplace_id: optionalId.default(null),
  appnexus_direct_id: optionalId.default(null),
  company: PartnerFields.shape.company.default(''),
});
export type AdminPartnerInput = z.infer<typeof AdminPartnerInputSchema>;
export const AdminPartnerPatchSchema = PartnerFields.partial();

const SiteFields = z.object({
  name: z.string().trim().min(1, 'Site name is required!').max(200),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'Enter a domain such as example.com (no https:// or path).',
    ),
  active: z.boolean(),
  taboola_organic: z.boolean(),
});
export const AdminSiteInputSchema = SiteFields.extend({
  active: z.boolean().default(true),
  taboola_organic: z.boolean().default(false),
});
export type AdminSiteInput = z.infer<typeof AdminSiteInputSchema>;
export const AdminSitePatchSchema = SiteFields.partial();
