import { defineArea } from '../../platform/area';
import { auditLogRoutes } from './audit-log.routes';

export { auditRepo, type AuditRepo } from './audit.repo';

/** The audit log, read by staff; areas write to it through `auditRepo`. */
export const auditArea = defineArea({
  name: 'audit',
  async setup({ db }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(auditLogRoutes, { db });
      },
    };
  },
});
