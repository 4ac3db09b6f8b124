import type { PublicConfig } from '@pc/contracts';

/**
 * What GET /api/config answers on a default local server. The sign-in pre-render
 * (sign-in-prerender.tsx, scripts/prerender-sign-in.mjs) takes its shape: every string becomes a
 * placeholder the server fills with the configured value, the rest renders as given. Component
 * tests render with it too (test/public-config.fixture.ts).
 */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  productName: 'Partners Center',
  devFeatures: false,
  identity: { apiKey: 'test', authDomain: 'localhost' },
  analytics: {
    pageAnalyticsId: null,
    pageAnalyticsId2: null,
    sessionRecorderId: null,
    sessionRecorderSnippetVersion: null,
    eventAnalyticsKey: null,
    productTourKey: null,
    helpWidgetId: null,
    tagManagerId: null,
  },
  consoleUrl: null,
  iframeRoot: null,
  adminAccess: true,
  mobileWidth: 768,
  demoPublisherIds: [],
  showNewFeaturesUntil: null,
  links: {
    helpCenter: 'https://help.partners-center.example/',
    supportTicket: 'https://help.partners-center.example/ticket',
    supportSolutions: 'https://help.partners-center.example/solutions',
    getInTouch: 'https://partners-center.example/contact',
    privacyPolicy: 'https://partners-center.example/privacy-policy',
    termsOfService: 'https://partners-center.example/master-services-agreement',
  },
};
