import type { IdentityService } from '../../identity';
import { defineArea } from '../../platform/area';
import type { PublishersService } from '../publishers';
import { notifyReportsChanged } from '../reports';
import { adminPartnersRoutes } from './admin-partners.routes';
import { createAdminPartnersService } from './admin-partners.service';
import { adminUsersRoutes } from './admin-users.routes';
import { createAdminUsersService } from './admin-users.service';
import { impersonationRoutes } from './impersonation.routes';
import { invitationsRoutes } from './invitations.routes';
import { createInvitationsService } from './invitations.service';
import { outboxRepo } from './outbox.repo';
import { outboxRoutes } from './outbox.routes';
import { createOutboxService } from './outbox.service';

/** Staff administration: partners, users, invitations, impersonation and the mail outbox. */
export const adminArea = defineArea({
  name: 'admin',
  async setup({ config, db, engine, mailer, logger, publicUrl }, needs: { identity: IdentityService; publishers: PublishersService }) {
    const { identity, publishers } = needs;
    return {
      provides: {},
      routes: async (app) => {
        await app.register(outboxRoutes, { outbox: createOutboxService(outboxRepo(db)) });
        await app.register(adminPartnersRoutes, {
          partners: createAdminPartnersService({
            db,
            engine,
            onChanged: (id) => publishers.invalidate(id),
            // After the engine knows the new site name: every process's cached reports of the publisher go.
            onSitesSynced: (id) => notifyReportsChanged(db, [id]),
          }),
        });
        await app.register(adminUsersRoutes, {
          users: createAdminUsersService({
            db,
            allowedAdminEmail: config.ALLOWED_ADMIN_EMAIL,
            sendPasswordReset: (email) => identity.sendPasswordResetEmail(email),
          }),
        });
        await app.register(impersonationRoutes, { db, identity });
        await app.register(invitationsRoutes, {
          invitations: createInvitationsService({
            db,
            mailer,
            log: logger,
            publicUrl,
            productName: config.PRODUCT_NAME,
            ttlDays: config.INVITATION_TTL_DAYS,
            allowedAdminEmail: config.ALLOWED_ADMIN_EMAIL,
          }),
          ratePerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
        });
      },
    };
  },
});
