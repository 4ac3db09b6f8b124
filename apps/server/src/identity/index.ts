import { defineArea } from '../platform/area';
import { createCallerResolver } from './caller';
import { createIdTokenIssuer } from './id-tokens';
import { identityRepo } from './identity.repo';
import { identityRoutes } from './identity.routes';
import { createIdentityService } from './identity.service';
import { PASSWORD_RESET_QUEUE, passwordResetDedupeKey, passwordResetHandler, type PasswordResetPayload } from './password-reset.job';
import { createSessionGuard } from './sessions';
import { createSignInThrottle, DEFAULT_THROTTLE_POLICY } from './sign-in-throttle';
import { signInThrottleRepo } from './sign-in-throttle.repo';
import { loadSigningKeys } from './signing-keys';

export type { IdentityService } from './identity.service';

/** Sign-in, ID tokens and sessions: the platform's access control resolves callers through it. */
export const identityArea = defineArea({
  name: 'identity',
  async setup({ config, db, jobs, mailer, publicUrl, deps, logger, pollMs }) {
    const keys = await loadSigningKeys(db);
    const tokens = createIdTokenIssuer(keys, publicUrl, config.ID_TOKEN_TTL_SECONDS);
    const sessions = createSessionGuard({ db, databaseUrl: deps.databaseUrl, log: logger });
    const throttle = createSignInThrottle(signInThrottleRepo(db), {
      accountIpFailures: config.SIGN_IN_LOCK_AFTER_ACCOUNT_IP,
      accountFailures: config.SIGN_IN_LOCK_AFTER_ACCOUNT,
      waitSeconds: config.SIGN_IN_LOCK_SECONDS,
      maxWaitSeconds: config.SIGN_IN_LOCK_MAX_SECONDS,
      forgetAfterSeconds: DEFAULT_THROTTLE_POLICY.forgetAfterSeconds,
    });
    const identity = createIdentityService({
      // Forgot-password only enqueues: same work for known and unknown addresses.
      enqueuePasswordReset: async (email) => {
        await jobs.enqueue<PasswordResetPayload>(PASSWORD_RESET_QUEUE, { email }, { dedupeKey: passwordResetDedupeKey(email) });
      },
      repo: identityRepo(db),
      tokens,
      mailer,
      publicUrl,
      productName: config.PRODUCT_NAME,
      throttle,
    });
    const passwordResetMails = jobs.work<PasswordResetPayload>(
      PASSWORD_RESET_QUEUE,
      passwordResetHandler((email) => identity.sendPasswordResetEmail(email)),
      { pollMs, concurrency: 1, leaseMs: 60_000 },
    );
    return {
      provides: {
        identity,
        /** Which sessions are current; to end a user's sessions call `revokeUserSessions` (identity/sessions.ts). */
        sessions,
        /** The caller of a bearer ID token, for the platform's access control. */
        resolveCaller: createCallerResolver(tokens, sessions),
      },
      workers: { passwordResetMails },
      routes: async (app) => {
        await app.register(identityRoutes, {
          identity,
          jwks: keys.jwks,
          ratePerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
          behindTls: publicUrl.startsWith('https://'),
        });
      },
      close: () => sessions.close(),
    };
  },
});
