import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConfirmResetSchema,
  CustomTokenResponseSchema,
  CustomTokenSignInSchema,
  ForgotPasswordSchema,
  MintCustomTokenSchema,
  ReauthenticateSchema,
  RefreshSchema,
  ResetCodeSchema,
  SignInSchema,
  TokenResponseSchema,
  UpdatePasswordSchema,
  VerifyCodeResponseSchema,
} from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../http/typed';
import type { IdentityService } from './identity.service';
import { requirePublisherInScope } from '../http/access';

const tags = ['identity'];

/** Identity endpoints (docs/product.md#api-client, identity provider calls), rate-limited where guessable. */
export async function identityRoutes(app: FastifyInstance, opts: { identity: IdentityService; jwks: unknown; ratePerMinute: number }) {
  const r = typed(app);
  const { identity } = opts;
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
    async (req) => identity.signIn(req.body.email, req.body.password, req.ip),
  );
  r.post(
    '/api/identity/token',
    {
      config: { access: 'public', ...limited() },
      schema: { tags, body: RefreshSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req) => identity.refresh(req.body.refreshToken),
  );
  r.post(
    '/api/identity/sign-out',
    { config: { access: 'public' }, schema: { tags, body: RefreshSchema, response: { 200: OkSchema, ...errorResponses } } },
    async (req) => {
      await identity.signOut(req.body.refreshToken);
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
      await identity.sendPasswordResetEmail(req.body.email);
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
    async (req) => identity.reauthenticate(req.auth!.uid, req.body.password, req.ip),
  );
  r.put(
    '/api/identity/password',
    {
      config: { access: 'signedIn' },
      schema: { tags, body: UpdatePasswordSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req) => identity.updatePassword(req.auth!.uid, req.auth!.authTime, req.body.newPassword),
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
      if (req.body.publisherId) requirePublisherInScope(req, req.body.publisherId);
      return identity.mintCustomToken({ uid: req.auth!.uid, internal: req.auth!.scope.type === 'internal' }, req.body.publisherId);
    },
  );
  r.post(
    '/api/identity/sign-in-with-token',
    {
      config: { access: 'public', ...limited() },
      schema: { tags, body: CustomTokenSignInSchema, response: { 200: TokenResponseSchema, ...errorResponses } },
    },
    async (req) => identity.signInWithCustomToken(req.body.token),
  );
}
