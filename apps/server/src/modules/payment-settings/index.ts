import { defineArea } from '../../platform/area';
import { createDetailsCipher } from './details-cipher';
import { paymentSettingsRoutes } from './payment-settings.routes';
import { createPaymentSettingsService } from './payment-settings.service';
import { PAYMENT_SETTINGS_MAIL_QUEUE, settingsMailHandler, type SettingsMailPayload } from './settings-mail.job';

export { seedDemoPaymentSettings } from './demo/seed-demo-payment-settings';
export { resealPaymentDetails } from './reencrypt';
export type { PaymentSettingsService } from './payment-settings.service';

/** A publisher's payout details and threshold; payments read them through `paymentSettings`. */
export const paymentSettingsArea = defineArea({
  name: 'payment-settings',
  async setup({ config, db, jobs, mailer, pollMs }) {
    const paymentSettings = createPaymentSettingsService({
      db,
      cipher: createDetailsCipher(config.PAYMENT_DETAILS_KEYS),
      jobs,
      defaultThreshold: config.PAYMENT_THRESHOLD_DEFAULT,
    });
    const paymentSettingsMails = jobs.work<SettingsMailPayload>(
      PAYMENT_SETTINGS_MAIL_QUEUE,
      settingsMailHandler(mailer, config.PRODUCT_NAME),
      { pollMs, concurrency: 1, leaseMs: 60_000 },
    );
    return {
      provides: { paymentSettings },
      workers: { paymentSettingsMails },
      routes: async (app) => {
        await app.register(paymentSettingsRoutes, { settings: paymentSettings });
      },
    };
  },
});
