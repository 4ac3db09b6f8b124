import type { FastifyInstance } from 'fastify';
import { SetupChecklistSchema } from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { SetupService } from './setup.service';

/** GET /api/setup: the chosen publisher's setup checklist (/media-owners-cloud-setup and the home card). */
export async function setupRoutes(app: FastifyInstance, opts: { setup: SetupService }) {
  typed(app).get(
    '/api/setup',
    { config: { access: 'publisher' }, schema: { tags: ['setup'], response: { 200: SetupChecklistSchema, ...errorResponses } } },
    async (req) => opts.setup.checklist(req.publisherId!),
  );
}
