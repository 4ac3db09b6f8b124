import type { FastifyInstance } from 'fastify';
import { personalInfoEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { PersonalInfoService } from './personal-info.service';

export async function personalInfoRoutes(app: FastifyInstance, opts: { personalInfo: PersonalInfoService; ratePerMinute: number }) {
  registerEndpoints(
    app,
    personalInfoEndpoints,
    {
      get: (req) => opts.personalInfo.get(req.auth!.uid),
      update: (req) => opts.personalInfo.update(req.auth!.uid, req.body, req.ip),
      confirmEmail: (req) => opts.personalInfo.confirmEmailChange(req.body.code),
    },
    {
      // Public: the link may be opened in another browser; the 256-bit code is the proof of the address.
      confirmEmail: { rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip } },
    },
  );
}
