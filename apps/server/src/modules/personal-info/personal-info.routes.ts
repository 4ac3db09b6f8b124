import type { FastifyInstance } from 'fastify';
import { ConfirmEmailChangeResponseSchema, ConfirmEmailChangeSchema, PersonalInfoSchema, PersonalInfoStoredSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { PersonalInfoService } from './personal-info.service';

const tags = ['profile'];

export async function personalInfoRoutes(app: FastifyInstance, opts: { personalInfo: PersonalInfoService; ratePerMinute: number }) {
  const r = typed(app);
  r.get(
    '/api/personal-info',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: PersonalInfoStoredSchema, ...errorResponses } } },
    async (req) => opts.personalInfo.get(req.auth!.uid),
  );
  r.put(
    '/api/personal-info',
    {
      config: { access: 'signedIn' },
      schema: { tags, body: PersonalInfoSchema, response: { 200: PersonalInfoStoredSchema, ...errorResponses } },
    },
    async (req) => opts.personalInfo.update(req.auth!.uid, req.body, req.ip),
  );
  // Public: the link may be opened in another browser; the 256-bit code is the proof of the address.
  r.post(
    '/api/personal-info/email/confirm',
    {
      config: {
        access: 'public',
        rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip },
      },
      schema: { tags, body: ConfirmEmailChangeSchema, response: { 200: ConfirmEmailChangeResponseSchema, ...errorResponses } },
    },
    async (req) => opts.personalInfo.confirmEmailChange(req.body.code),
  );
}
