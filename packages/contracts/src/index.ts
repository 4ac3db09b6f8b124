export * from './validation-messages';
export * from './fields';
export * from './countries';
export * from './personal-info';
export * from './identity';
export * from './scope';
export * from './publishers';
export * from './api-error';
export * from './report-list';
export * from './tracking-events';
export * from './tracking';
export * from './public-config';
export * from './routes';
export * from './constants';
export * from './report-catalog';
export * from './report-call';
export * from './report-filters';
export * from './report-presets';
export * from './saved-reports';
export * from './adstxt';
export * from './adstxt-claims';
// The ads.txt parser (pure, no I/O): the server validates with it, the web editor checks live with it.
export { parseAdsTxt, toRelationship } from './adstxt-parser/parse-ads-txt';
export { serializeRecord, recordMatchKey, normalizeAdsTxtLine } from './adstxt-parser/serialize-ads-txt';
export { PLACEHOLDER_RECORD_LINE, PLACEHOLDER_DOMAIN } from './adstxt-parser/ads-txt-types';
export { ADSTXT_TEMPLATE_PLACEHOLDERS, checkAdsTxtTemplate, templateError, type TemplateProblem } from './adstxt-parser/check-template';
export type {
  AdsTxtRelationship,
  AdsTxtRecord,
  AdsTxtVariableName,
  AdsTxtVariableEntry,
  AdsTxtVariables,
  AdsTxtProblemSeverity,
  AdsTxtProblemCode,
  AdsTxtProblem,
  ParsedAdsTxt,
} from './adstxt-parser/ads-txt-types';
export * from './blocking-rules';
export * from './payments';
export * from './feature-flags';
export * from './admin-partners';
export * from './admin-users';
export * from './usage';
export * from './data-loads';
export * from './site-tag';
export * from './report-periods';
export * from './report-calendar';
export * from './incidents';
export * from './services';
export * from './plans';
export * from './monitors';
export * from './integrations';
export * from './webhooks';
export * from './setup';
export * from './endpoint';
export * from './incidents.endpoints';
export * from './blocking-rules.endpoints';
export * from './integrations.endpoints';
export * from './services.endpoints';
export * from './admin.endpoints';
export * from './invitations.endpoints';
export * from './publishers.endpoints';
export * from './payment-settings.endpoints';
export * from './payments.endpoints';
export * from './setup.endpoints';
export * from './report-list.endpoints';
export * from './revenue-anomalies';
export * from './revenue-anomalies.endpoints';
export * from './revenue-change';
export * from './revenue-change.endpoints';
export * from './reports.endpoints';
export * from './revenue-change-text';
export * from './revenue-at-risk';
export * from './revenue-at-risk.endpoints';
export * from './display-format';
export * from './public-config.endpoints';
export * from './tracking.endpoints';
export * from './adstxt.endpoints';
export * from './adstxt-bulk.endpoints';
export * from './adstxt-app-domains.endpoints';
export * from './site-tag.endpoints';
export * from './data-loads.endpoints';
export * from './usage.endpoints';
export * from './audit.endpoints';
export * from './plans.endpoints';
export * from './feature-flags.endpoints';
export * from './saved-reports.endpoints';
export * from './monitors.endpoints';
export * from './identity.paths';
export * from './identity.endpoints';
export * from './endpoints';
export * from './openapi-words';
