import type { FastifyInstance } from 'fastify';
import { paymentSettingsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import { notFound } from '../../lib/http-error';
import type { PaymentSettingsService } from './payment-settings.service';

const ctx = (req: { auth: { uid: string; email: string; authTime: number } | null; publisherId: string | null }) => ({
  uid: req.auth!.uid,
  email: req.auth!.email,
  authTime: req.auth!.authTime,
  publisherId: req.publisherId!,
});

/** Publisher-scoped; staff reach it with a Publisher-Scope header and see the same masked answer. */
export async function paymentSettingsRoutes(app: FastifyInstance, opts: { settings: PaymentSettingsService }) {
  const s = opts.settings;
  registerEndpoints(app, paymentSettingsEndpoints, {
    get: (req) => s.get(req.publisherId!),
    save: async (req) => {
      await s.save(ctx(req), req.body);
      return s.get(req.publisherId!);
    },
    setThreshold: async (req) => {
      await s.setThreshold(ctx(req), req.body);
      return s.get(req.publisherId!);
    },
    uploadTaxForm: async (req) => {
      await s.uploadTaxForm(ctx(req), req.body.fileName, req.body.contentBase64);
      return s.get(req.publisherId!);
    },
    downloadTaxForm: async (req, reply) => {
      const form = await s.taxForm(req.publisherId!);
      if (!form) throw notFound('No tax form on file.');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${form.name.replace(/"/g, '')}"`)
        .send(form.bytes);
    },
  });
}
