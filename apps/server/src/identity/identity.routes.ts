import type { FastifyInstance } from 'fastify';
import { identityEndpoints } from '@pc/contracts';
import { registerEndpoints, type EndpointRouteOptions } from '../http/endpoint-routes';
import { typed } from '../http/typed';
import { unauthorized } from '../lib/http-error';
import type { IdentityService } from './identity.service';
import { clearRefreshCookie, refreshTokenOf, sendSession } from './refresh-cookie';

type IdentityRouteOptions = { identity: IdentityService; jwks: unknown; ratePerMinute: number; behindTls: boolean };

/** Identity endpoints (docs/product.md#api-client, identity provider calls), rate-limited where guessable. */
export async function identityRoutes(app: FastifyInstance, opts: IdentityRouteOptions) {
  const { identity, behindTls } = opts;
  const unauthenticated = () => unauthorized('Your session has ended. Sign in again.', 'InvalidRefreshToken');
  // The key set's standard address, outside /api: hidden from OpenAPI, which documents /api/identity/jwks.
  typed(app).get('/.well-known/jwks.json', { config: { access: 'public' }, schema: { hide: true } }, async () => opts.jwks);

  registerEndpoints(
    app,
    identityEndpoints,
    {
      jwks: async () => opts.jwks as { keys: Record<string, unknown>[] },
      signIn: async (req, reply) => sendSession(req, reply, await identity.signIn(req.body.email, req.body.password, req.ip), behindTls),
      // The refresh token comes only from its httpOnly cookie (refresh-cookie.ts), never from a body.
      refresh: async (req, reply) => {
        const token = refreshTokenOf(req);
        if (!token) throw unauthenticated();
        try {
          return sendSession(req, reply, await identity.refresh(token), behindTls);
        } catch (err) {
          // A revoked or already rotated token: drop the dead cookie so the browser stops sending it.
          clearRefreshCookie(req, reply, behindTls);
          throw err;
        }
      },
      // Sign-out on the cookie's own path, so the cookie reaches it and nothing else.
      signOut: async (req, reply) => {
        const token = refreshTokenOf(req);
        if (token) await identity.signOut(token);
        clearRefreshCookie(req, reply, behindTls);
        return { ok: true as const };
      },
      requestPasswordReset: async (req) => {
        await identity.requestPasswordReset(req.body.email);
        return { ok: true as const };
      },
      verifyPasswordReset: (req) => identity.verifyPasswordResetCode(req.body.code),
      confirmPasswordReset: async (req) => {
        await identity.confirmPasswordReset(req.body.code, req.body.newPassword);
        return { ok: true as const };
      },
      reauthenticate: async (req, reply) =>
        sendSession(req, reply, await identity.reauthenticate(req.auth!.uid, req.body.password, req.ip), behindTls),
      updatePassword: async (req, reply) =>
        sendSession(req, reply, await identity.updatePassword(req.auth!.uid, req.auth!.authTime, req.body.newPassword), behindTls),
      signOutEverywhere: async (req) => {
        await identity.signOutEverywhere(req.auth!.uid);
        return { ok: true as const };
      },
      mintCustomToken: async (req) => {
        const { uid, email, scope } = req.auth!;
        // Staff only (access 'staff'), whose own scope is every publisher.
        const caller = { uid, email, internal: scope.type === 'internal', scope: 'ALL' };
        return identity.mintCustomToken(caller, req.ip, req.body.publisherId);
      },
      signInWithToken: async (req, reply) => sendSession(req, reply, await identity.signInWithCustomToken(req.body.token), behindTls),
    },
    guessableLimits(opts.ratePerMinute),
  );
}

/**
 * A coarse flood guard per client address on the routes open to guessing (it runs before the body
 * is read). Password guessing is stopped per account and per account + address by the identity
 * service's sign-in throttle.
 */
function guessableLimits(ratePerMinute: number): { [K in keyof typeof identityEndpoints]?: EndpointRouteOptions } {
  // Each route still counts on its own: the rate-limit store keys its counters by method and path.
  const limited: EndpointRouteOptions = {
    rateLimit: { max: ratePerMinute, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip },
  };
  return {
    signIn: limited,
    refresh: limited,
    requestPasswordReset: limited,
    verifyPasswordReset: limited,
    confirmPasswordReset: limited,
    reauthenticate: limited,
    signInWithToken: limited,
  };
}
