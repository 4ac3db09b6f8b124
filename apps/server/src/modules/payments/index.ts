import { defineArea } from '../../platform/area';
import type { WebhookEventPublisher } from '../integrations';
import type { PaymentSettingsService } from '../payment-settings';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { letterheadOf } from './statement';

export { seedDemoPayments } from './demo/seed-demo-payments';

/** Payments: monthly statements, adjustments and payout approvals, over the publisher's payment settings. */
export const paymentsArea = defineArea({
  name: 'payments',
  async setup({ config, db, engine }, needs: { paymentSettings: PaymentSettingsService; publishWebhookEvent: WebhookEventPublisher }) {
    return {
      provides: {},
      routes: async (app) => {
        await app.register(paymentsRoutes, {
          payments: createPaymentsService({
            db,
            engine,
            settings: needs.paymentSettings,
            defaultThreshold: config.PAYMENT_THRESHOLD_DEFAULT,
            publishWebhookEvent: needs.publishWebhookEvent,
          }),
          settings: needs.paymentSettings,
          productName: config.PRODUCT_NAME,
          letterhead: letterheadOf(config),
        });
      },
    };
  },
});
