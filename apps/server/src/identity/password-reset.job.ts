import type { JobHandler } from '../lib/jobs/job-queue';

/** Forgot-password requests: the route only enqueues; this job looks up and mails. */
export const PASSWORD_RESET_QUEUE = 'identity.password-reset';

export interface PasswordResetPayload {
  email: string;
}

/**
 * One job per address at a time (the dedupe key): repeated requests while one is queued add nothing,
 * for known and unknown addresses alike. The key is the lower-cased address, as sign-in compares it.
 */
export const passwordResetDedupeKey = (email: string) => email.trim().toLowerCase();

export function passwordResetHandler(send: (email: string) => Promise<void>): JobHandler<PasswordResetPayload> {
  return async (job) => send(job.payload.email);
}
