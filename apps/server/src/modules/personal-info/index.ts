import type { IdentityService } from '../../identity';
import { defineArea } from '../../platform/area';
import { personalInfoRoutes } from './personal-info.routes';
import { createPersonalInfoService } from './personal-info.service';

/** A user's own name, e-mail and password; changing them asks for the current password (identity). */
export const personalInfoArea = defineArea({
  name: 'personal-info',
  async setup({ config, db, mailer, publicUrl }, needs: { identity: IdentityService }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(personalInfoRoutes, {
          personalInfo: createPersonalInfoService({
            db,
            mailer,
            publicUrl,
            productName: config.PRODUCT_NAME,
            emailChangeLinkHours: config.EMAIL_CHANGE_LINK_HOURS,
            verifyCurrentPassword: (uid, password, ip, field) => needs.identity.verifyCurrentPassword(uid, password, ip, field),
          }),
          ratePerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
        });
      },
    };
  },
});
