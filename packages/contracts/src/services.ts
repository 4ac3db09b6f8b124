import { z } from 'zod';
import { EmailField } from './fields';

/**
 * The provider's services for publishers. The catalogue is product copy, versioned with
 * the code (it changes with releases, not at run time); per-site state lives in the database.
 */
export const ServiceIdSchema = z.enum(['audience', 'performance', 'ads-txt', 'observability', 'blocking', 'data-integration']);
export type ServiceId = z.infer<typeof ServiceIdSchema>;

export interface ServiceDefinition {
  id: ServiceId;
  name: string;
  summary: string;
  whatItDoes: string[];
  needs: string[];
  /** Activating it issues the site tag (the "site integration" product of the tracking view). */
  usesSiteTag: boolean;
  /** Where the publisher uses the service once active. */
  path: string;
}

export const SERVICE_CATALOGUE: readonly ServiceDefinition[] = [
  {
    id: 'audience',
    name: 'Audience overview',
    summary: 'Page views, visitors, sources and devices of your sites, measured by the site tag.',
    whatItDoes: [
      'Counts page views and unique visitors without cookies',
      'Shows top pages, traffic sources, campaigns, devices and countries',
    ],
    needs: ['The site tag installed on every page of the site', 'Page views reaching us (we check this for you)'],
    usesSiteTag: true,
    path: '/audience-overview',
  },
  {
    id: 'performance',
    name: 'Site performance',
    summary: 'Core Web Vitals of real visitors and how page speed relates to your ad revenue.',
    whatItDoes: ['Measures LCP, INP, CLS, FCP and TTFB at the 75th percentile', 'Relates page RPM to loading speed'],
    needs: ['The site tag installed on every page of the site'],
    usesSiteTag: true,
    path: '/performance',
  },
  {
    id: 'ads-txt',
    name: 'Ads.txt management',
    summary: 'Keeps the authorised sellers of your domains complete, hosted by us if you wish.',
    whatItDoes: ['Crawls your ads.txt daily and lists missing lines', 'Hosts an ads.txt you edit here, with history'],
    needs: ['Access to your web server or CDN to add a redirect (for the hosted file)'],
    usesSiteTag: false,
    path: '/partners/adstxt',
  },
  {
    id: 'observability',
    name: 'Uptime and incidents',
    summary: 'Watches your sites and tells you when something breaks.',
    whatItDoes: [
      'Checks your pages on a schedule and opens incidents when they are down',
      'Collects ads.txt and security incidents in one list',
    ],
    needs: ['The address of each page to watch', 'E-mail addresses to notify'],
    usesSiteTag: false,
    path: '/incidents',
  },
  {
    id: 'blocking',
    name: 'Blocking rules',
    summary: 'Keeps advertisers, brands, categories and keywords you do not want off your sites.',
    whatItDoes: ['Blocks by advertiser domain, brand, IAB category or keyword', 'Applies to all sites or the ones you choose'],
    needs: ['Nothing on your side: rules apply on our ad server'],
    usesSiteTag: false,
    path: '/partners/blocking-rules',
  },
  {
    id: 'data-integration',
    name: 'Data integration',
    summary: 'Brings your own data source (analytics, CMS, subscriptions) next to your revenue.',
    whatItDoes: ['Connects a data source you name to your reports', 'Our team sets it up with your contact'],
    needs: ['The data source and a technical contact', 'Confirmation by our team once the connection works'],
    usesSiteTag: false,
    path: '/services/data-integration/activation',
  },
];

export const serviceById = (id: string): ServiceDefinition | undefined => SERVICE_CATALOGUE.find((s) => s.id === id);

/** Site plan status (spec, "Site plan status (tracking)"). */
export const SitePlanStatusSchema = z.enum(['Fully Onboarded', 'Site Integration', 'Data Integration', 'Non-Onboarded']);
export type SitePlanStatus = z.infer<typeof SitePlanStatusSchema>;

export const ProductStatusSchema = z.enum(['NOT_ACTIVATED', 'PENDING', 'ACTIVATED']);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

/** The spec's "Site (tracking view)" plus the plan status derived from it. */
export const SiteTrackingViewSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  domain: z.string(),
  isSiteActivated: z.boolean(),
  isOnboardedOnDMoc: z.boolean(),
  product: z.object({ status: ProductStatusSchema, eventTrackerDataReceived: z.boolean() }),
  atLeastOneSitetagOnboarding: z.boolean(),
  planStatus: SitePlanStatusSchema,
});
export type SiteTrackingView = z.infer<typeof SiteTrackingViewSchema>;

/**
 * The rule, exactly: the product is activated when its status is ACTIVATED and event-tracker data
 * has been received; Fully Onboarded = activated and onboarded on data integration; Site
 * Integration = activated only; Data Integration = onboarded only; Non-Onboarded = neither.
 */
export function isProductActivated(product: { status: ProductStatus; eventTrackerDataReceived: boolean }): boolean {
  return product.status === 'ACTIVATED' && product.eventTrackerDataReceived;
}
export function sitePlanStatus(isSiteActivated: boolean, isOnboardedOnDMoc: boolean): SitePlanStatus {
  if (isSiteActivated && isOnboardedOnDMoc) return 'Fully Onboarded';
  if (isSiteActivated) return 'Site Integration';
  if (isOnboardedOnDMoc) return 'Data Integration';
  return 'Non-Onboarded';
}

export const DataIntegrationStatusSchema = z.enum(['INITIATED', 'CANCELLED', 'CONFIRMED']);
export type DataIntegrationStatus = z.infer<typeof DataIntegrationStatusSchema>;

export const DataIntegrationSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  dataSource: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  notes: z.string(),
  status: DataIntegrationStatusSchema,
  initiatedAt: z.string(),
  cancelledAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type DataIntegration = z.infer<typeof DataIntegrationSchema>;

/** One service on one site: the stored activation state and when it moved. */
export const SiteServiceStateSchema = z.object({
  siteId: z.string(),
  status: ProductStatusSchema,
  requestedAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
});
export type SiteServiceState = z.infer<typeof SiteServiceStateSchema>;

export const ServiceSummarySchema = z.object({
  id: ServiceIdSchema,
  name: z.string(),
  summary: z.string(),
  whatItDoes: z.array(z.string()),
  needs: z.array(z.string()),
  usesSiteTag: z.boolean(),
  path: z.string(),
  /** Sites on which the service is ACTIVATED (for data integration: confirmed). */
  activeSites: z.number(),
});
export type ServiceSummary = z.infer<typeof ServiceSummarySchema>;

export const ServicesOverviewSchema = z.object({
  services: z.array(ServiceSummarySchema),
  sites: z.array(SiteTrackingViewSchema),
});
export type ServicesOverview = z.infer<typeof ServicesOverviewSchema>;

export const ServiceDetailSchema = z.object({
  service: ServiceSummarySchema,
  sites: z.array(SiteTrackingViewSchema.extend({ service: SiteServiceStateSchema })),
  dataIntegrations: z.array(DataIntegrationSchema),
});
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;

const siteIds = z.array(z.string().min(1).max(64)).min(1, 'Choose at least one site.').max(200);
export const ActivateServiceSchema = z.object({ siteIds });
export type ActivateService = z.infer<typeof ActivateServiceSchema>;

export const ActivationResultSchema = z.object({
  activated: z.array(z.string()),
  pending: z.array(z.string()),
  alreadyActive: z.array(z.string()),
  /** For site-tag services: where each site's tag and guide are. */
  tag: z.array(z.object({ siteId: z.string(), scriptUrl: z.string(), snippet: z.string() })),
});
export type ActivationResult = z.infer<typeof ActivationResultSchema>;

export const InitiateDataIntegrationSchema = z.object({
  siteId: z.string().min(1, 'Choose a site.').max(64),
  dataSource: z.string().trim().min(2, 'Name the data source (at least 2 characters).').max(200),
  contactName: z.string().trim().min(1, 'Enter a contact name.').max(120),
  contactEmail: EmailField,
  notes: z.string().trim().max(2000).default(''),
});
export type InitiateDataIntegration = z.infer<typeof InitiateDataIntegrationSchema>;

export const ServiceRequestKindSchema = z.enum(['product_demo', 'data_source']);
export type ServiceRequestKind = z.infer<typeof ServiceRequestKindSchema>;

export const CreateServiceRequestSchema = z.object({
  kind: ServiceRequestKindSchema,
  serviceId: ServiceIdSchema.optional(),
  /** For data-source requests: which source the publisher wants connected. */
  dataSource: z.string().trim().max(200).default(''),
  message: z.string().trim().max(2000).default(''),
});
export type CreateServiceRequest = z.infer<typeof CreateServiceRequestSchema>;

/** A staff request queue's states (service requests and plan changes). */
export const StaffDecisionStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type StaffDecisionStatus = z.infer<typeof StaffDecisionStatusSchema>;

/** Staff approve or reject a request; a rejection must say why (the publisher reads it). */
export const StaffDecisionSchema = z.object({
  reason: z.string().trim().max(2000, 'Keep the reason under 2000 characters.').default(''),
});
export type StaffDecision = z.infer<typeof StaffDecisionSchema>;

export const ServiceRequestSchema = z.object({
  id: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  kind: ServiceRequestKindSchema,
  serviceId: z.string().nullable(),
  dataSource: z.string(),
  message: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  status: StaffDecisionStatusSchema,
  /** Why staff approved or rejected it (mailed to the publisher); '' while pending. */
  decisionReason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ServiceRequest = z.infer<typeof ServiceRequestSchema>;
