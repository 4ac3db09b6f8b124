import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PaymentSettingsInputSchema, PaymentSettingsSchema, PaymentThresholdInputSchema, TaxFormUploadSchema } from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import { notFound } from '../../lib/http-error';
import type { PaymentSettingsService } from './payment-settings.service';

const tags = ['payment settings'];

/** Publisher-scoped; staff reach it with a Publisher-Scope header and see the same masked answer. */
export async function paymentSettingsRoutes(app: FastifyInstance, opts: { settings: PaymentSettingsService }) {
  const r = typed(app);
  const s = opts.settings;
  const access = { access: 'publisher' as const };
  const ctx = (req: { auth: { uid: string; email: string; authTime: number } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    email: req.auth!.email,
    authTime: req.auth!.authTime,
    publisherId: req.publisherId!,
  });

  r.get(
    '/api/payment-settings',
    { config: access, schema: { tags, response: { 200: PaymentSettingsSchema, ...errorResponses } } },
    async (req) => s.get(req.publisherId!),
  );
  r.put(
    '/api/payment-settings',
    {
      config: access,
      schema: {
        tags,
        description:
          'Needs a recent password check: call /api/identity/reauthenticate first and send the new ID token (403 RequiresRecentLogin otherwise).',
        body: PaymentSettingsInputSchema,
        response: { 200: PaymentSettingsSchema, ...errorResponses },
      },
    },
    async (req) => {
      await s.save(ctx(req), req.body);
      return s.get(req.publisherId!);
    },
  );
  r.put(
    '/api/payment-settings/threshold',
    {
      config: access,
      schema: {
        tags,
        description: 'Needs a recent password check like saving the details (403 RequiresRecentLogin otherwise); at least the minimum.',
        body: PaymentThresholdInputSchema,
        response: { 200: PaymentSettingsSchema, 409: z.unknown(), ...errorResponses },
      },
    },
    async (req) => {
      await s.setThreshold(ctx(req), req.body);
      return s.get(req.publisherId!);
    },
  );
  r.post(
    '/api/payment-settings/tax-form',
    {
      config: access,
      // base64 of at most 5 MB plus the JSON around it; the service checks the decoded size and type.
      bodyLimit: 7.5 * 1024 * 1024,
      schema: {
        tags,
        description: 'Needs a recent password check like saving the details (403 RequiresRecentLogin otherwise).',
        body: TaxFormUploadSchema,
        response: { 200: PaymentSettingsSchema, 409: z.unknown(), ...errorResponses },
      },
    },
    async (req) => {
      await s.uploadTaxForm(ctx(req), req.body.fileName, req.body.contentBase64);
      return s.get(req.publisherId!);
    },
  );
  r.get(
    '/api/payment-settings/tax-form',
    { config: access, schema: { tags, response: { 200: z.any(), ...errorResponses } } },
    async (req, reply) => {
      const form = await s.taxForm(req.publisherId!);
      if (!form) throw notFound('No tax form on file.');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${form.name.replace(/"/g, '')}"`)
        .send(form.bytes);
    },
  );
  void OkSchema;
}
