import { z } from 'zod';

/**
 * What the server publishes to the web app at GET /api/config (docs/product.md#entities, app
 * configuration). Anyone can read it, so it names nothing an attacker could use: the admin e-mail
 * allow-list (ALLOWED_ADMIN_EMAIL) is applied by the server (modules/admin/admin-scope.ts) and not sent.
 */
export const PublicConfigSchema = z.object({
  productName: z.string(),
  devFeatures: z.boolean(),
  identity: z.object({ apiKey: z.string(), authDomain: z.string() }),
  analytics: z.object({
    pageAnalyticsId: z.string().nullable(),
    pageAnalyticsId2: z.string().nullable(),
    sessionRecorderId: z.string().nullable(),
    sessionRecorderSnippetVersion: z.string().nullable(),
    eventAnalyticsKey: z.string().nullable(),
    productTourKey: z.string().nullable(),
    helpWidgetId: z.string().nullable(),
    tagManagerId: z.string().nullable(),
  }),
  consoleUrl: z.string().nullable(),
  iframeRoot: z.string().nullable(),
  adminAccess: z.boolean(),
  mobileWidth: z.number(),
  demoPublisherIds: z.array(z.string()),
  showNewFeaturesUntil: z.string().nullable(),
  links: z.object({
    helpCenter: z.string(),
    supportTicket: z.string(),
    supportSolutions: z.string(),
    getInTouch: z.string(),
    privacyPolicy: z.string(),
    termsOfService: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
