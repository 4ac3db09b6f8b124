import type { FastifyInstance } from 'fastify';
import { adminPartnersEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { AdminPartnersService } from './admin-partners.service';

const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;

/** Partners and sites in the console: staff read, admins write. */
export async function adminPartnersRoutes(app: FastifyInstance, opts: { partners: AdminPartnersService }) {
  const p = opts.partners;
  registerEndpoints(app, adminPartnersEndpoints, {
    list: (req) => p.list(req.query.search || undefined, req.query.limit),
    get: (req) => p.get(req.params.id),
    create: (req) => p.create(uid(req), req.body),
    update: (req) => p.update(uid(req), req.params.id, req.body),
    addSite: (req) => p.addSite(uid(req), req.params.id, req.body),
    updateSite: (req) => p.updateSite(uid(req), req.params.id, req.params.siteId, req.body),
  });
}
