import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConfirmResetSchema,
  CustomTokenResponseSchema,
  CustomTokenSignInSchema,
  ForgotPasswordSchema,
  MintCustomTokenSchema,
  ReauthenticateSchema,
  ResetCodeSchema,
  SignInSchema,
  TokenResponseSchema,
  UpdatePasswordSchema,
  VerifyCodeResponseSchema,
} from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../http/typed';
import { unauthorized } from '../lib/http-error';
import type { IdentityService } from './identity.service';
import { clearRefreshCookie, refreshTokenOf, sendSession } from './refresh-cookie';

const tags = ['identity'];

/** Identity endpoints (docs/product.md#api-client, identity provider calls), rate-limited where guessable. */
export async function identityRoutes(
  app: FastifyInstance,
  opts: { identity: IdentityService; jwks: unknown; ratePerMinute: number; behindTls: boolean },
) {
  const r = typed(app);
  const { identity, behindTls } = opts;
  const unauthenticated = () => unauthorized('Your session has ended. Sign in again.', 'InvalidRefreshToken');
  // A coarse flood guard per client address (it runs before the body is read). Password guessing
  // is stopped per account and per account + address by the identity service's sign-in throttle.
  const limited = (_keyField?: 'email') => ({
    rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => req.ip },
  });

  r.get('/.well-known/jwks.json', { config: { access: 'public' }, schema: { hide: true } }, async () => opts.jwks);
  r.get(
    '/api/identity/jwks',
    { config: { access: 'public' }, schema: { tags, response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } } },
    async () => opts.jwks as { keys: Record<string, unknown>[] },
  );

  r.post(
    '/api/identity/sign-in',
    {
      config: { access: 'public', ...limited('email') },
      schema: { tags, body: SignInSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req, reply) => sendSession(req, reply, await identity.signIn(req.body.email, req.body.password, req.ip), behindTls),
  );
  // The refresh token comes only from its httpOnly cookie (refresh-cookie.ts), never from a body.
  r.post(
    '/api/identity/token',
    {
      config: { access: 'public', ...limited() },
      schema: { tags, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req, reply) => {
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
  );
  // Sign-out on the cookie's own path, so the cookie reaches it and nothing else.
  r.delete(
    '/api/identity/token',
    { config: { access: 'public' }, schema: { tags, response: { 200: OkSchema, ...errorResponses } } },
    async (req, reply) => {
      const token = refreshTokenOf(req);
      if (token) await identity.signOut(token);
      clearRefreshCookie(req, reply, behindTls);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/identity/password-reset',
    {
      config: { access: 'public', ...limited('email') },
      schema: { tags, body: ForgotPasswordSchema, response: { 200: OkSchema, ...errorResponses } },
    },
    async (req) => {
      await identity.requestPasswordReset(req.body.email);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/identity/password-reset/verify',
    {
      config: { access: 'public', ...limited() },
      schema: { tags, body: ResetCodeSchema, response: { 200: VerifyCodeResponseSchema, ...errorResponses } },
    },
    async (req) => identity.verifyPasswordResetCode(req.body.code),
  );
  r.post(
    '/api/identity/password-reset/confirm',
    {
      config: { access: 'public', ...limited() },
      schema: { tags, body: ConfirmResetSchema, response: { 200: OkSchema, ...errorResponses } },
    },
    async (req) => {
      await identity.confirmPasswordReset(req.body.code, req.body.newPassword);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/identity/reauthenticate',
    {
      config: { access: 'signedIn', ...limited() },
      schema: { tags, body: ReauthenticateSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req, reply) => sendSession(req, reply, await identity.reauthenticate(req.auth!.uid, req.body.password, req.ip), behindTls),
  );
  r.put(
    '/api/identity/password',
    {
      config: { access: 'signedIn' },
      schema: { tags, body: UpdatePasswordSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req, reply) =>
      sendSession(req, reply, await identity.updatePassword(req.auth!.uid, req.auth!.authTime, req.body.newPassword), behindTls),
  );
  r.post(
    '/api/identity/sign-out-everywhere',
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await identity.signOutEverywhere(req.auth!.uid);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/identity/custom-token',
    {
      config: { access: 'staff' },
      schema: { tags, body: MintCustomTokenSchema, response: { 200: CustomTokenResponseSchema, ...errorResponses } },
    },
    async (req) => {
      const { uid, email, scope } = req.auth!;
      // Staff only (access 'staff'), whose own scope is every publisher.
      const caller = { uid, email, internal: scope.type === 'internal', scope: 'ALL' };
      return identity.mintCustomToken(caller, req.ip, req.body.publisherId);
    },
  );
  r.post(
    '/api/identity/sign-in-with-token',
    {
      config: { access: 'public', ...limited() },
      schema: { tags, body: CustomTokenSignInSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req, reply) => sendSession(req, reply, await identity.signInWithCustomToken(req.body.token), behindTls),
  );
}
