import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseScope, scopeAllows, type UserScope } from '@pc/contracts';
import { forbidden, unauthorized } from '../lib/http-error';
import type { IdTokenIssuer, VerifiedIdToken } from '../identity/id-tokens';
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

const bearerOf = (header: string | undefined) => (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined);

/**
 * The caller of an ID token. A token this process verified already and a user whose session
 * state is cached (both invalidated across processes: identity/sessions.ts) are answered without a
 * promise; only a first sight of either waits. Refusals throw.
 */
function authenticate(token: string | undefined, tokens: IdTokenIssuer, sessions: SessionGuard): AuthContext | Promise<AuthContext> {
  if (!token) throw unauthorized();
  const claims = tokens.verifyCached(token);
  const current = claims && sessions.isCurrentCached(claims.sub, claims.sv, claims.pv);
  if (claims && current !== undefined) return callerOf(claims, current);
  return (async () => {
    let verified;
    try {
      verified = await tokens.verify(token);
    } catch {
      throw unauthorized('Your session is invalid or has expired. Sign in again.', 'InvalidToken');
    }
    // Revoked (password/scope change, disabled, deleted, signed out everywhere): a cached check.
    return callerOf(verified, await sessions.isCurrent(verified.sub, verified.sv, verified.pv));
  })();
}

// Parsed scopes per verified token (the issuer caches those objects until they expire); frozen, as
// every request of the token shares it.
const scopes = new WeakMap<VerifiedIdToken, UserScope | null>();

function callerOf(claims: VerifiedIdToken, current: boolean): AuthContext {
  if (!current) throw unauthorized('Your session has ended. Sign in again.', 'SessionRevoked');
  let scope = scopes.get(claims);
  if (scope === undefined) {
    scope = parseScope(claims.scope);
    if (scope?.type === 'external_multiple') Object.freeze(scope.publishers);
    if (scope) Object.freeze(scope);
    scopes.set(claims, scope);
  }
  if (!scope) throw unauthorized('Your account has no access scope.', 'NoScope');
  return claims.pv
    ? { uid: claims.sub, email: claims.email, scope, authTime: claims.auth_time, partnerView: claims.pv }
    : { uid: claims.sub, email: claims.email, scope, authTime: claims.auth_time };
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
        const caller = authenticate(bearer, tokens, sessions);
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
    const caller = authenticate(bearer, tokens, sessions);
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
