import { z } from 'zod';
import { CountryField, EmailField, PhoneField, WebsiteField } from './fields';

export const PartnerSchema = z.object({ name: z.string(), publisherId: z.string() });
export type Partner = z.infer<typeof PartnerSchema>;

export const SiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  active: z.boolean(),
  taboola_organic: z.boolean(),
});
export type Site = z.infer<typeof SiteSchema>;

const text = (max = 200) => z.string().trim().max(max);

/** Company details of a publisher (docs/product.md#entities); editable in account settings. */
export const CompanySchema = z.object({
  name: text().min(1, 'Company name is required!'),
  website: WebsiteField,
  address: text(),
  city: text(100),
  country: CountryField,
  zip_code: text(20),
  registration_number: text(60),
  type: text(60),
  vat_registration_office: text(100),
  email: z.union([z.literal(''), EmailField]),
  first_name: text(100),
  last_name: text(100),
  phone: PhoneField,
});
export type Company = z.infer<typeof CompanySchema>;

export const PublisherDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  has_direct: z.boolean(),
  appnexus_id: z.object({ marketplace: z.string().nullable(), direct: z.string().nullable() }),
  sites: z.array(SiteSchema),
  company: CompanySchema,
});
export type PublisherDetails = z.infer<typeof PublisherDetailsSchema>;

export const PublisherDetailsQuerySchema = z.object({
  publisher: z.string().min(1),
  includeSites: z.enum(['true', 'false', 'null']).optional(),
});
