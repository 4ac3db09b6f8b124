import { HttpError, badRequest, forbidden, unauthorized } from '../lib/http-error';
import type { Mailer } from '../mail/mailer';
import type { IdTokenIssuer } from './id-tokens';
import type { IdentityRepo, UserRow } from './identity.repo';
import { DUMMY_HASH, hashPassword, randomCode, randomSecret, sha256, verifyPassword } from './passwords';
import type { SignInThrottle } from './sign-in-throttle';
import type { IssuedSession } from './refresh-cookie';

const REFRESH_TTL_MS = 30 * 24 * 3600_000;
const RESET_CODE_TTL_MS = 30 * 60_000;
const CUSTOM_TOKEN_TTL_MS = 5 * 60_000;
/** How recent a password check must be before the password can be changed. */
const RECENT_LOGIN_S = 5 * 60;

export interface IdentityDeps {
  repo: IdentityRepo;
  tokens: IdTokenIssuer;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  /** Brute-force protection of every password check (sign-in, re-authentication). */
  throttle: SignInThrottle;
  /** Forgot-password requests go through the job queue (see requestPasswordReset). */
  enqueuePasswordReset: (email: string) => Promise<void>;
  now?: () => Date;
}

const invalidCredentials = () => unauthorized('The email or password is incorrect.', 'InvalidCredentials');
const invalidCode = () =>
  new HttpError(400, 'This code is invalid or has expired. Request a new one.', 'InvalidCode', {
    code: 'This code is invalid or has expired.',
  });

/** The built-in identity service: the server half of the web app's IdentityClient. */
export function createIdentityService(deps: IdentityDeps) {
  const now = deps.now ?? (() => new Date());
  const { repo, tokens } = deps;

  /**
   * A session of `user`. `exchanged` (a custom token's): no refresh token, so it lasts one ID token;
   * with a partner view, the view's scope and end of life.
   */
  async function issue(
    user: UserRow,
    authTime: number,
    exchanged?: { partnerView?: { id: string; publisherId: string; expiresAt: Date } },
  ): Promise<IssuedSession> {
    const view = exchanged?.partnerView;
    const scope = view
      ? { PublisherID: view.publisherId, AdminAccess: false }
      : { PublisherID: user.publisher_scope, AdminAccess: user.admin_access };
    const name = `${user.first_name} ${user.last_name}`.trim() || null;
    const { token, expiresIn } = await tokens.sign({
      uid: user.id,
      email: user.email,
      name,
      scope,
      authTime,
      sessionVersion: user.session_version,
      ...(view ? { partnerView: view.id, notAfter: Math.floor(view.expiresAt.getTime() / 1000) } : {}),
    });
    const body = { idToken: token, expiresIn, user: { uid: user.id, email: user.email, displayName: name } };
    if (exchanged) return { ...body, refreshToken: null, ...(view ? { partnerView: true } : {}) };
    const refreshToken = randomSecret();
    await repo.insertRefreshToken(user.id, sha256(refreshToken), new Date(now().getTime() + REFRESH_TTL_MS), null);
    return { ...body, refreshToken };
  }

  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  /** A stolen ID token must not become a password oracle: the same counters as sign-in. */
  async function checkCurrentPassword(uid: string, password: string, ip: string, field: string): Promise<UserRow> {
    const user = await repo.findUserById(uid);
    if (!user) throw unauthorized('Your session has ended. Sign in again.', 'SessionRevoked');
    const locked = await deps.throttle.isLocked(user.email, ip);
    const ok = await verifyPassword(password, user.password_hash);
    if (locked || !ok) {
      if (!locked) await deps.throttle.failed(user.email, ip);
      throw new HttpError(400, 'The current password is incorrect.', 'InvalidCredentials', {
        [field]: 'The current password is incorrect.',
      });
    }
    await deps.throttle.succeeded(user.email, ip);
    return user;
  }

  return {
    /** `ip` is the client address as the configured trusted proxies report it. */
    async signIn(email: string, password: string, ip: string): Promise<IssuedSession> {
      const locked = await deps.throttle.isLocked(email, ip);
      const user = await repo.findUserByEmail(email);
      // Always run one scrypt so unknown e-mails and locked accounts take as long as wrong passwords.
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      // Locked: the same answer as a wrong password, whether or not this one was right.
      if (locked) throw invalidCredentials();
      if (!user || !ok || user.disabled) {
        await deps.throttle.failed(email, ip);
        throw invalidCredentials();
      }
      await deps.throttle.succeeded(email, ip);
      return issue(user, nowSeconds());
    },

    async refresh(refreshToken: string, previousAuthTime?: number): Promise<IssuedSession> {
      const row = await repo.consumeRefreshToken(sha256(refreshToken));
      if (!row) throw unauthorized('Your session has ended. Sign in again.', 'InvalidRefreshToken');
      const user = await repo.findUserById(row.user_id);
      // A partner-scoped refresh token predates partner views (which have none): it ends here.
      if (!user || user.disabled || row.scope_override) throw unauthorized('Your session has ended. Sign in again.', 'InvalidRefreshToken');
      return issue(user, previousAuthTime ?? nowSeconds() - RECENT_LOGIN_S - 1);
    },

    async signOut(refreshToken: string): Promise<void> {
      await repo.revokeRefreshToken(sha256(refreshToken));
    },

    /**
     * The forgot-password form: the same answer AND the same work for known and unknown addresses
     * (one job insert, no user lookup), so neither the answer nor its timing tells whether an account
     * exists. The job (sendPasswordResetEmail) does the lookup and the mail.
     */
    async requestPasswordReset(email: string): Promise<void> {
      await deps.enqueuePasswordReset(email);
    },

    /** The job's half of requestPasswordReset (and staff's "send reset e-mail"): nothing for unknown addresses. */
    async sendPasswordResetEmail(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user || user.disabled) return;
      await repo.invalidateCodes(user.id, 'password_reset');
      const code = randomCode();
      await repo.insertCode(user.id, 'password_reset', sha256(code), new Date(now().getTime() + RESET_CODE_TTL_MS));
      const link = `${deps.publicUrl.replace(/\/$/, '')}/forgot?code=${encodeURIComponent(code)}`;
      await deps.mailer.send({
        to: user.email,
        subject: `Reset your ${deps.productName} password`,
        text: `Someone asked to reset the password of your ${deps.productName} account.\n\nYour reset code: ${code}\n\nOr open this link: ${link}\n\nThe code works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail.`,
        html: `<p>Someone asked to reset the password of your ${deps.productName} account.</p><p>Your reset code: <strong>${code}</strong></p><p><a href="${link}">Choose a new password</a></p><p>The code works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail.</p>`,
        secrets: [code],
      });
    },

    async verifyPasswordResetCode(code: string): Promise<{ email: string }> {
      const row = await repo.findLiveCode('password_reset', sha256(code.trim().toUpperCase()));
      const user = row && (await repo.findUserById(row.user_id));
      if (!user) throw invalidCode();
      return { email: user.email };
    },

    async confirmPasswordReset(code: string, newPassword: string): Promise<void> {
      const row = await repo.consumeCode('password_reset', sha256(code.trim().toUpperCase()));
      if (!row) throw invalidCode();
      await repo.setPassword(row.user_id, await hashPassword(newPassword));
      await repo.revokeAllRefreshTokens(row.user_id);
    },

    async reauthenticate(uid: string, password: string, ip: string): Promise<IssuedSession> {
      return issue(await checkCurrentPassword(uid, password, ip, 'password'), nowSeconds());
    },

    /** Re-authentication for other sensitive changes (the sign-in e-mail): 400 on `field` if wrong. */
    async verifyCurrentPassword(uid: string, password: string, ip: string, field: string): Promise<void> {
      await checkCurrentPassword(uid, password, ip, field);
    },

    /**
     * Changing the password ends every session of the user (other devices included); the device that
     * changed it gets a fresh session, as with Firebase's updatePassword.
     */
    async updatePassword(uid: string, authTime: number, newPassword: string): Promise<IssuedSession> {
      if (nowSeconds() - authTime > RECENT_LOGIN_S) {
        throw unauthorized('Confirm your current password before changing it.', 'RequiresRecentLogin');
      }
      await repo.setPassword(uid, await hashPassword(newPassword));
      const user = await repo.findUserById(uid);
      if (!user || user.disabled) throw unauthorized('Your session has ended. Sign in again.', 'SessionRevoked');
      return issue(user, authTime);
    },

    /** "Sign out of all devices": every ID token and refresh token of the user stops working. */
    async signOutEverywhere(uid: string): Promise<void> {
      await repo.revokeSessions(uid);
    },

    /**
     * Staff only ("Go To Console"): a short-lived single-use token for the caller's own scope, never
     * a narrower one (a partner view starts only from POST /api/admin/impersonate, with a reason).
     * Audited with who, for whom, why and the client address.
     */
    async mintCustomToken(
      user: { uid: string; email: string; scope: string; internal: boolean },
      ip: string,
      publisherId?: string,
    ): Promise<{ token: string; expiresIn: number }> {
      if (!user.internal) throw forbidden('Only provider staff can open another session.');
      if (publisherId !== undefined && publisherId !== user.scope)
        throw forbidden("A token opens your own session only. To view a partner, use 'Sign in as partner' in the admin console.");
      const token = randomSecret();
      const details = { by: user.email, for: user.email, scope: user.scope, purpose: 'console', ip };
      await repo.insertCustomToken(user.uid, sha256(token), new Date(now().getTime() + CUSTOM_TOKEN_TTL_MS), details);
      return { token, expiresIn: CUSTOM_TOKEN_TTL_MS / 1000 };
    },

    /**
     * Exchanges a custom token. The session is never a password check (auth_time 0: changing the
     * password or bank details asks for the password again) and has no refresh token.
     */
    async signInWithCustomToken(token: string): Promise<IssuedSession> {
      const invalid = () => badRequest('This sign-in link is invalid or has expired.', { token: 'Invalid or expired token.' });
      const row = await repo.consumeCode('custom_token', sha256(token));
      const user = row && (await repo.findUserById(row.user_id));
      if (!row || !user || user.disabled) throw invalid();
      if (!row.partner_view_id) {
        // A partner-scoped token without a view was minted before partner views existed.
        if (row.scope_override) throw invalid();
        return issue(user, 0, {});
      }
      const view = await repo.findLivePartnerView(row.partner_view_id);
      if (!view) throw invalid();
      return issue(user, 0, { partnerView: { id: view.id, publisherId: view.publisher_id, expiresAt: new Date(view.expires_at) } });
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
