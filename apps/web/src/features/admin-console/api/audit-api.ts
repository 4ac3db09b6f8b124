import { auditEndpoints as endpoints, type EndpointInput } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export type AuditLogQuery = EndpointInput<typeof endpoints.list>['query'];

/** The audit log is provider-wide: its keys carry no publisher. */
export const useAuditLog = (query: AuditLogQuery) => useEndpoint(endpoints.list, null, { query });

/** The ads.txt template's last saves, from the audit log. */
export const useTemplateHistory = () => useAuditLog({ action: 'adstxt.template_updated', limit: 10 });

export const exportAuditCsv = (query: AuditLogQuery) => call(endpoints.exportCsv, { query }, { publisherId: null });
