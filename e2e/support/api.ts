import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from './demo';

async function adminToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/identity/sign-in', { data: { email: USERS.admin, password: DEMO_PASSWORD } });
  return ((await signIn.json()) as { idToken: string }).idToken;
}

/** The link of the newest invitation e-mailed to `email`, read from the outbox (path and query only). */
export async function latestInvitationLink(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}&limit=1`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  const [mail] = (await res.json()) as { text: string }[];
  const match = mail && /https?:\/\/[^/\s]+(\/accept-invitation\?token=\S+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation e-mail for ${email}`);
  return match[1]!;
}

/** The newest reset code e-mailed to `email`, read from the outbox through the admin API (null if none). */
export async function newestResetCode(request: APIRequestContext, email: string): Promise<string | null> {
  const signIn = await request.post('/api/identity/sign-in', { data: { email: USERS.admin, password: DEMO_PASSWORD } });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}&limit=1`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const [mail] = (await res.json()) as { text: string }[];
  const match = mail && /reset code: ([A-Z0-9]+)/.exec(mail.text);
  return match ? match[1]! : null;
}

/**
 * The reset code of a mail newer than `previous` (the code newest before the request). The request
 * only enqueues a job that sends the mail (issue 11 item 8), so this waits for it (up to 15 s).
 */
export async function latestResetCode(request: APIRequestContext, email: string, previous: string | null = null): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const code = await newestResetCode(request, email);
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new reset e-mail for ${email}`);
}

/** The newest e-mail-change confirmation link sent to `email`, read from the outbox (path and query only). */
export async function latestEmailChangeLink(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}&limit=1`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  const [mail] = (await res.json()) as { text: string }[];
  const match = mail && /https?:\/\/[^/\s]+(\/profile-settings\?confirmEmail=\S+)/.exec(mail.text);
  if (!match) throw new Error(`no e-mail change link for ${email}`);
  return match[1]!;
}
