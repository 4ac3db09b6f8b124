import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeAllows } from '@pc/contracts';
import { forbidden, unauthorized } from '../lib/http-error';
import type { Access, AuthContext, CallerResolver } from './request-context';

const ACCESS: readonly Access[] = ['public', 'signedIn', 'publisher', 'staff', 'admin'];

/** Routes outside this rule: the OpenAPI UI's own assets. */
const isExempt = (url: string) => url.startsWith('/api/docs');

/**
 * Every /api route must declare `config.access` and a zod `schema` with a response: a route
 * without them stops the server at start-up, so nothing is exposed by accident.
 */
export function enforceRouteDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isExempt(route.url) || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access || !ACCESS.includes(access)) {
      throw new Error(`route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    if (!route.schema || !route.schema.response) {
      throw new Error(`route ${String(route.method)} ${route.url} does not declare its zod schemas`);
    }
  });
}

const bearerOf = (header: string | undefined) => (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined);

/** Checks a publisher id named by the caller (header or query) against the token's scope. */
export function requirePublisherInScope(req: FastifyRequest, publisherId: string): string {
  if (!req.auth) throw unauthorized();
  if (!scopeAllows(req.auth.scope, publisherId)) throw forbidden();
  return publisherId;
}

/**
 * Another kind of bearer credential (the integrations module's API keys): when `matches` says the
 * bearer is one, `authenticate` sets req.auth and req.publisherId for the route or throws.
 */
export interface BearerExtension {
  matches(bearer: string): boolean;
  authenticate(req: FastifyRequest, bearer: string, access: Access): Promise<void>;
}

export function registerAccessControl(
  app: FastifyInstance,
  resolveCaller: CallerResolver,
  adminAccessEnabled: boolean,
  extension?: BearerExtension,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('publisherId', null);
  // onRequest, not preHandler: the caller is checked before the body is parsed or validated, so an
  // anonymous request gets 401 rather than a validation answer that reveals the route's shape.
  // Synchronous when the caches answer (no promise per request); a thrown refusal is Fastify's error.
  app.addHook('onRequest', (req, _reply, done) => {
    const pending = checkAccess(req);
    if (pending) return pending;
    done();
  });

  function checkAccess(req: FastifyRequest): Promise<void> | undefined {
    const access = req.routeOptions.config?.access;
    const bearer = bearerOf(req.headers.authorization);
    if (!access || access === 'public') {
      // Public routes still learn who is calling when a valid token is sent (e.g. /mp).
      if (!req.headers.authorization) return;
      try {
        const caller = resolveCaller(bearer);
        if (!(caller instanceof Promise)) req.auth = caller;
        else
          return caller.then(
            (c) => void (req.auth = c),
            () => undefined,
          );
      } catch {
        /* an invalid token on a public route: anonymous */
      }
      return;
    }
    if (extension && bearer && extension.matches(bearer)) return extension.authenticate(req, bearer, access);
    const caller = resolveCaller(bearer);
    if (caller instanceof Promise) return caller.then((c) => authorize(req, access, c));
    authorize(req, access, caller);
  }

  function authorize(req: FastifyRequest, access: Access, caller: AuthContext): void {
    req.auth = caller;
    const scope = caller.scope;
    if (access === 'staff' && scope.type !== 'internal') throw forbidden('Only provider staff can do this.');
    if (access === 'admin' && !(scope.type === 'internal' && scope.adminAccess && adminAccessEnabled))
      throw forbidden('Only provider admins can do this.');
    const header = req.headers['publisher-scope'];
    if (typeof header === 'string' && header !== '') {
      req.publisherId = requirePublisherInScope(req, header);
    } else if (access === 'publisher') {
      throw forbidden('Choose a publisher first (Publisher-Scope header missing).');
    }
  }
}
