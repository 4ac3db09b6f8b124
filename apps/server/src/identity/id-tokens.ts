import { SignJWT, createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { ScopeClaimSchema, type ScopeClaim } from '@pc/contracts';
import { TOKEN_ALG, type SigningKeySet } from './signing-keys';

export interface IdTokenSubject {
  uid: string;
  email: string;
  name: string | null;
  scope: ScopeClaim;
  /** Seconds since epoch of the last password check (sign-in or re-authentication). */
  authTime: number;
  /** The user's session version when the token was issued (claim `sv`); older versions are revoked. */
  sessionVersion: number;
  /** A partner view's id (claim `pv`): the token works only while that view is live (sessions.ts). */
  partnerView?: string;
  /** Seconds since epoch: ends the token earlier than the issuer's lifetime (a partner view's end). */
  notAfter?: number;
}

export interface IdTokenIssuer {
  sign(subject: IdTokenSubject): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<VerifiedIdToken>;
  /** A token this process has verified already and that has not expired, without waiting; else undefined (call verify). */
  verifyCached(token: string): VerifiedIdToken | undefined;
}

export interface VerifiedIdToken extends JWTPayload {
  sub: string;
  email: string;
  scope: ScopeClaim;
  auth_time: number;
  sv: number;
  pv?: string;
}

export const TOKEN_AUDIENCE = 'partners-center';
/** Clock skew tolerated between signing and verifying processes; a later `iat` is forged or broken. */
export const MAX_IAT_SKEW_SECONDS = 60;

/**
 * Signs and verifies ID tokens. Verification goes through the published JWKS with an algorithm
 * allow-list of EdDSA only, so `alg: none` or an HMAC token signed with the public key is refused.
 */
export function createIdTokenIssuer(keys: SigningKeySet, issuer: string, ttlSeconds: number): IdTokenIssuer {
  const jwks = createLocalJWKSet(keys.jwks);
  // Verified tokens, keyed by the whole token string (a changed byte is a different key), until
  // they expire: a signature check per request would be most of an API call's CPU.
  const verified = new Map<string, VerifiedIdToken>();
  const MAX_CACHED = 20_000;
  const verifyCached = (token: string): VerifiedIdToken | undefined => {
    const hit = verified.get(token);
    if (!hit) return undefined;
    if (hit.exp! * 1000 > Date.now()) return hit;
    verified.delete(token);
    return undefined;
  };
  return {
    async sign(s) {
      const claims = { email: s.email, name: s.name, scope: s.scope, auth_time: s.authTime, sv: s.sessionVersion };
      const nowS = Math.floor(Date.now() / 1000);
      const lifetime = Math.max(1, Math.min(ttlSeconds, (s.notAfter ?? Infinity) - nowS));
      const token = await new SignJWT(s.partnerView ? { ...claims, pv: s.partnerView } : claims)
        .setProtectedHeader({ alg: TOKEN_ALG, kid: keys.kid, typ: 'JWT' })
        .setSubject(s.uid)
        .setIssuer(issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + lifetime)
        .sign(keys.privateKey);
      return { token, expiresIn: lifetime };
    },
    verifyCached,
    async verify(token) {
      const hit = verifyCached(token);
      if (hit) return hit;
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: [TOKEN_ALG],
        issuer,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      // A token "issued" in the future would outlive any session epoch set before that moment.
      if (payload.iat! > Date.now() / 1000 + MAX_IAT_SKEW_SECONDS) throw new Error('token issued in the future');
      const scope = ScopeClaimSchema.safeParse(payload.scope);
      if (!scope.success || typeof payload.email !== 'string' || typeof payload.auth_time !== 'number') {
        throw new Error('token claims are incomplete');
      }
      // Tokens signed before session versions existed count as version 0.
      const sv = typeof payload.sv === 'number' && Number.isInteger(payload.sv) ? payload.sv : 0;
      const pv = typeof payload.pv === 'string' ? payload.pv : undefined;
      const result = { ...payload, sub: payload.sub!, email: payload.email, scope: scope.data, auth_time: payload.auth_time, sv, pv };
      if (verified.size >= MAX_CACHED) verified.clear();
      verified.set(token, result);
      return result;
    },
  };
}
