import type { FastifyInstance } from 'fastify';
import { PersonalInfoSchema, PersonalInfoStoredSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { PersonalInfoService } from './personal-info.service';

const tags = ['profile'];

export async function personalInfoRoutes(app: FastifyInstance, opts: { personalInfo: PersonalInfoService }) {
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
    async (req) => opts.personalInfo.update(req.auth!.uid, req.body),
  );
}
