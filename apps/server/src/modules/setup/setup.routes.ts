import type { FastifyInstance } from 'fastify';
import { setupEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { SetupService } from './setup.service';

/** GET /api/setup: the chosen publisher's setup checklist (/media-owners-cloud-setup and the home card). */
export async function setupRoutes(app: FastifyInstance, opts: { setup: SetupService }) {
  registerEndpoints(app, setupEndpoints, { checklist: (req) => opts.setup.checklist(req.publisherId!) });
}
