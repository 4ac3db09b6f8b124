import { parseScope, type UserScope } from '@pc/contracts';
import { unauthorized } from '../lib/http-error';
import type { AuthContext, CallerResolver } from '../http/request-context';
import type { IdTokenIssuer, VerifiedIdToken } from './id-tokens';
import type { SessionGuard } from './sessions';

/**
 * The caller of an ID token, for the access hook (http/access.ts), which knows nothing of how
 * tokens and sessions work. A token this process verified already and a user whose session state
 * is cached (both invalidated across processes: sessions.ts) are answered without a promise; only a
 * first sight of either waits. Refusals throw.
 */
export function createCallerResolver(tokens: IdTokenIssuer, sessions: SessionGuard): CallerResolver {
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

  return (token) => {
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
  };
}
