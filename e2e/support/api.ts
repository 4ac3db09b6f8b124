import { deliveredMails } from '../../apps/server/test/delivered-mail';
import type { AppServer } from './app-server';

/**
 * The mails as their recipients got them: the journeys' server has no SMTP_URL, so it delivers each
 * mail whole as an .eml file into its data folder (DATA_DIR/outbox). The admin outbox shows codes and
 * links redacted, so journeys read them here, the way a developer on the machine does.
 */
const newestText = (server: AppServer, email: string): string | null => deliveredMails(server.dataDir, email).at(-1)?.text ?? null;

/** The link of the newest invitation e-mailed to `email` (path and query only). */
export async function latestInvitationLink(server: AppServer, email: string): Promise<string> {
  const text = newestText(server, email);
  const match = text && /https?:\/\/[^/\s]+(\/accept-invitation\?token=\S+)/.exec(text);
  if (!match) throw new Error(`no invitation e-mail for ${email}`);
  return match[1]!;
}

/** The newest reset code e-mailed to `email` (null if none). */
export async function newestResetCode(server: AppServer, email: string): Promise<string | null> {
  const text = newestText(server, email);
  const match = text && /reset code: ([A-Z0-9]+)/.exec(text);
  return match ? match[1]! : null;
}

/**
 * The reset code of a mail newer than `previous` (the code newest before the request). The request
 * only enqueues a job that sends the mail, so this waits for it (up to 15 s).
 */
export async function latestResetCode(server: AppServer, email: string, previous: string | null = null): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const code = await newestResetCode(server, email);
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new reset e-mail for ${email}`);
}

/** The newest e-mail-change confirmation link sent to `email` (path and query only). */
export async function latestEmailChangeLink(server: AppServer, email: string): Promise<string> {
  const text = newestText(server, email);
  const match = text && /https?:\/\/[^/\s]+(\/profile-settings\?confirmEmail=\S+)/.exec(text);
  if (!match) throw new Error(`no e-mail change link for ${email}`);
  return match[1]!;
}
