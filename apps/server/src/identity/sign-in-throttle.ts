import type { SignInThrottleRepo } from './sign-in-throttle.repo';

/**
 * Brute-force protection for password checks, modelled on Keycloak's: after `failureFactor`
 * consecutive failures a key is locked for `waitSeconds`, doubling with every further failure up to
 * `maxWaitSeconds`; counts are forgotten `forgetAfterSeconds` after the last failure or on success.
 * A locked attempt gets exactly the answer of a wrong password (no oracle) and is not counted.
 *
 * Two keys per attempt: the account from one client address (a low limit, so one office's attacker
 * only slows that account from that address, never the colleagues behind the same IP) and the
 * account from anywhere (a higher limit, so rotating addresses or X-Forwarded-For gains nothing).
 * The counters live in PostgreSQL, shared by every server process.
 */
export interface ThrottlePolicy {
  accountIpFailures: number;
  accountFailures: number;
  waitSeconds: number;
  maxWaitSeconds: number;
  forgetAfterSeconds: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountIpFailures: 5,
  accountFailures: 20,
  waitSeconds: 60,
  maxWaitSeconds: 15 * 60,
  forgetAfterSeconds: 12 * 3600,
};

export interface SignInThrottle {
  /** True while the account (from this address or from anywhere) is locked. */
  isLocked(email: string, ip: string): Promise<boolean>;
  failed(email: string, ip: string): Promise<void>;
  succeeded(email: string, ip: string): Promise<void>;
}

export function createSignInThrottle(repo: SignInThrottleRepo, policy: ThrottlePolicy, now: () => Date = () => new Date()): SignInThrottle {
  const keys = (email: string, ip: string) => {
    const account = email.trim().toLowerCase();
    return { account: `a:${account}`, accountIp: `ai:${account}|${ip}` };
  };
  const waitFor = (failures: number, factor: number) =>
    Math.min(policy.waitSeconds * 2 ** Math.min(failures - factor, 30), policy.maxWaitSeconds) * 1000;
  let attempts = 0;

  return {
    async isLocked(email, ip) {
      const k = keys(email, ip);
      return (await repo.lockedUntil([k.account, k.accountIp], now())) !== null;
    },
    async failed(email, ip) {
      const k = keys(email, ip);
      const at = now();
      const forgetBefore = new Date(at.getTime() - policy.forgetAfterSeconds * 1000);
      for (const [key, factor] of [
        [k.accountIp, policy.accountIpFailures],
        [k.account, policy.accountFailures],
      ] as const) {
        const failures = await repo.addFailure(key, at, forgetBefore);
        if (failures >= factor) await repo.lock(key, new Date(at.getTime() + waitFor(failures, factor)));
      }
      // Now and then, drop counters nobody has failed on for long (keeps the table small).
      if (++attempts % 100 === 0) await repo.purgeOlderThan(forgetBefore);
    },
    async succeeded(email, ip) {
      const k = keys(email, ip);
      await repo.clear([k.account, k.accountIp]);
    },
  };
}
