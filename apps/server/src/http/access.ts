import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseScope, scopeAllows } from '@pc/contracts';
import { forbidden, unauthorized } from '../lib/http-error';
import type { IdTokenIssuer } from '../identity/id-tokens';
import type { SessionGuard } from '../identity/sessions';
import type { Access, AuthContext } from './request-context';

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

async function authenticate(req: FastifyRequest, tokens: IdTokenIssuer, sessions: SessionGuard): Promise<AuthContext> {
  const header = req.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized();
  let claims;
  try {
    claims = await tokens.verify(match[1]!);
  } catch {
    throw unauthorized('Your session is invalid or has expired. Sign in again.', 'InvalidToken');
  }
  // Revoked (password/scope change, disabled, deleted, signed out everywhere): a cached check.
  if (!(await sessions.isCurrent(claims.sub, claims.sv))) {
    throw unauthorized('Your session has ended. Sign in again.', 'SessionRevoked');
  }
  const scope = parseScope(claims.scope);
  if (!scope) throw unauthorized('Your account has no access scope.', 'NoScope');
  return { uid: claims.sub, email: claims.email, scope, authTime: claims.auth_time };
}

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
  tokens: IdTokenIssuer,
  sessions: SessionGuard,
  adminAccessEnabled: boolean,
  extension?: BearerExtension,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('publisherId', null);
  // onRequest, not preHandler: the caller is checked before the body is parsed or validated, so an
  // anonymous request gets 401 rather than a validation answer that reveals the route's shape.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') {
      // Public routes still learn who is calling when a valid token is sent (e.g. /mp).
      if (req.headers.authorization) req.auth = await authenticate(req, tokens, sessions).catch(() => null);
      return;
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (extension && bearer && extension.matches(bearer)) return extension.authenticate(req, bearer, access);
    req.auth = await authenticate(req, tokens, sessions);
    const scope = req.auth.scope;
    if (access === 'staff' && scope.type !== 'internal') throw forbidden('Only provider staff can do this.');
    if (access === 'admin' && !(scope.type === 'internal' && scope.adminAccess && adminAccessEnabled))
      throw forbidden('Only provider admins can do this.');
    const header = req.headers['publisher-scope'];
    if (typeof header === 'string' && header !== '') {
      req.publisherId = requirePublisherInScope(req, header);
    } else if (access === 'publisher') {
      throw forbidden('Choose a publisher first (Publisher-Scope header missing).');
    }
  });
}
