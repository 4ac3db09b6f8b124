import { z } from 'zod';
import { endpoint, OkSchema, type Endpoint } from './endpoint';
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
} from './identity';
import { identityPaths as p } from './identity.paths';

const tags = ['identity'] as const;

/** The public keys that verify the ID tokens (JSON Web Key Set). */
export const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

const COOKIE_ROUTE =
  'The refresh token travels only in its httpOnly cookie, never in a body; the request needs the X-Requested-With header (403 without it).';

/**
 * The identity API: sign-in, the session behind the refresh cookie, password reset and change, and
 * custom tokens. Sign-in answers set the refresh cookie; the routes open to guessing are rate-limited.
 */
export const identityEndpoints = {
  jwks: endpoint({
    ...p.jwks,
    operationId: 'getJsonWebKeySet',
    summary: 'The public keys that verify the ID tokens',
    tags,
    access: 'public',
    response: JwksSchema,
    sharedErrors: false,
  }),
  signIn: endpoint({
    ...p.signIn,
    operationId: 'signIn',
    summary: 'Signs in with e-mail and password: an ID token, and the refresh token in its cookie',
    description: 'Send X-Keep-Signed-In: false for a refresh cookie that lasts only the browser session.',
    tags,
    access: 'public',
    body: SignInSchema,
    response: TokenResponseSchema,
  }),
  refresh: endpoint({
    ...p.refresh,
    operationId: 'refreshSession',
    summary: 'A new ID token for the session of the refresh cookie, which is rotated',
    description: COOKIE_ROUTE,
    tags,
    access: 'public',
    response: TokenResponseSchema,
  }),
  signOut: endpoint({
    ...p.signOut,
    operationId: 'signOut',
    summary: 'Ends the session of the refresh cookie and clears the cookie',
    description: COOKIE_ROUTE,
    tags,
    access: 'public',
    response: OkSchema,
  }),
  requestPasswordReset: endpoint({
    ...p.requestPasswordReset,
    operationId: 'requestPasswordReset',
    summary: 'Asks for a password reset code by e-mail; the same answer whether or not the address has an account',
    tags,
    access: 'public',
    body: ForgotPasswordSchema,
    response: OkSchema,
  }),
  verifyPasswordReset: endpoint({
    ...p.verifyPasswordReset,
    operationId: 'verifyPasswordResetCode',
    summary: 'The e-mail address a valid password reset code was sent to',
    tags,
    access: 'public',
    body: ResetCodeSchema,
    response: VerifyCodeResponseSchema,
  }),
  confirmPasswordReset: endpoint({
    ...p.confirmPasswordReset,
    operationId: 'confirmPasswordReset',
    summary: 'Sets a new password with a password reset code',
    tags,
    access: 'public',
    body: ConfirmResetSchema,
    response: OkSchema,
  }),
  reauthenticate: endpoint({
    ...p.reauthenticate,
    operationId: 'reauthenticate',
    summary: "Confirms the signed-in user's password: a fresh ID token for actions that need a recent sign-in",
    tags,
    access: 'signedIn',
    body: ReauthenticateSchema,
    response: TokenResponseSchema,
  }),
  updatePassword: endpoint({
    ...p.updatePassword,
    operationId: 'updatePassword',
    summary: "Changes the signed-in user's password: every session of the user ends, and this one gets a fresh session",
    description: 'Needs a recent sign-in: call reauthenticate first and send its ID token (401 RequiresRecentLogin otherwise).',
    tags,
    access: 'signedIn',
    body: UpdatePasswordSchema,
    response: TokenResponseSchema,
  }),
  signOutEverywhere: endpoint({
    ...p.signOutEverywhere,
    operationId: 'signOutEverywhere',
    summary: 'Ends every session of the signed-in user, on every device',
    tags,
    access: 'signedIn',
    response: OkSchema,
  }),
  mintCustomToken: endpoint({
    ...p.mintCustomToken,
    operationId: 'mintCustomToken',
    summary: "A short-lived, single-use token for the staff member's own session, exchanged by sign-in-with-token",
    tags,
    access: 'staff',
    body: MintCustomTokenSchema,
    response: CustomTokenResponseSchema,
  }),
  signInWithToken: endpoint({
    ...p.signInWithToken,
    operationId: 'signInWithCustomToken',
    summary: 'Exchanges a custom token for a session of one ID token, without a refresh token',
    tags,
    access: 'public',
    body: CustomTokenSignInSchema,
    response: TokenResponseSchema,
  }),
} as const satisfies Record<keyof typeof p, Endpoint>;
