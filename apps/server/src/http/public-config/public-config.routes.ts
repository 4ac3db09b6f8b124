import type { FastifyInstance } from 'fastify';
import { publicConfigEndpoints, type PublicConfig } from '@pc/contracts';
import type { AppConfig } from '../../config/env';
import { registerEndpoints } from '../endpoint-routes';

export function toPublicConfig(c: AppConfig, authDomain: string): PublicConfig {
  return {
    productName: c.PRODUCT_NAME,
    devFeatures: c.DEV_FEATURES,
    identity: { apiKey: c.IDENTITY_API_KEY, authDomain: c.IDENTITY_AUTH_DOMAIN ?? authDomain },
    analytics: {
      pageAnalyticsId: c.PAGE_ANALYTICS_ID,
      pageAnalyticsId2: c.PAGE_ANALYTICS_ID_2,
      sessionRecorderId: c.SESSION_RECORDER_ID,
      sessionRecorderSnippetVersion: c.SESSION_RECORDER_SNIPPET_VERSION,
      eventAnalyticsKey: c.EVENT_ANALYTICS_KEY,
      productTourKey: c.PRODUCT_TOUR_KEY,
      helpWidgetId: c.HELP_WIDGET_ID,
      tagManagerId: c.TAG_MANAGER_ID,
    },
    consoleUrl: c.CONSOLE_URL,
    iframeRoot: c.IFRAME_ROOT,
    adminAccess: c.ADMIN_ACCESS,
    mobileWidth: c.MOBILE_WIDTH,
    demoPublisherIds: c.DEMO_PUBLISHER_IDS,
    showNewFeaturesUntil: c.SHOW_NEW_FEATURES_UNTIL,
    links: {
      helpCenter: c.HELP_CENTER_URL,
      supportTicket: c.SUPPORT_TICKET_URL,
      supportSolutions: c.SUPPORT_SOLUTIONS_URL,
      getInTouch: c.GET_IN_TOUCH_URL,
      privacyPolicy: c.PRIVACY_POLICY_URL,
      termsOfService: c.TERMS_URL,
    },
  };
}

/** GET /api/config: what the web app needs before it can sign anyone in. */
export async function publicConfigRoutes(app: FastifyInstance, opts: { config: PublicConfig }) {
  registerEndpoints(app, publicConfigEndpoints, { get: () => opts.config });
}
