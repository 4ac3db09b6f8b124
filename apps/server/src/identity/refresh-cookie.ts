import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenResponse } from '@pc/contracts';
import { forbidden } from '../lib/http-error';

/**
 * The refresh token lives only in this cookie: httpOnly (no script, so no XSS, can read it),
 * SameSite=Strict (no other site's page can make the browser send it), Secure when the request or
 * the public address is https, and scoped to the one path that uses it (POST refreshes, DELETE
 * signs out), so no other request carries it.
 */
export const REFRESH_COOKIE = 'pc_refresh';
export const REFRESH_COOKIE_PATH = '/api/identity/token';
/**
 * CSRF: SameSite=Strict stops other sites, but not a sibling subdomain (same site). The two cookie
 * routes also need this header, which a page of another origin cannot send without a CORS
 * preflight that this server never grants. A plain HTML form cannot set headers at all.
 */
export const CSRF_HEADER = 'x-requested-with';
/** `false` from the web client = "keep me signed in" unchecked: a browser-session cookie. */
export const KEEP_SIGNED_IN_HEADER = 'x-keep-signed-in';

const REFRESH_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * What the identity service issues: the answer plus the refresh token that only goes in the cookie;
 * null for an exchanged (custom-token) session, which lasts one ID token and leaves the browser's
 * cookie, the signed-in user's other tabs included, as it was.
 */
export type IssuedSession = TokenResponse & { refreshToken: string | null };

export function cookieSecure(req: FastifyRequest, behindTls: boolean): boolean {
  return behindTls || req.protocol === 'https';
}

/** Sets the cookie and returns the body without the refresh token. */
export function sendSession(req: FastifyRequest, reply: FastifyReply, session: IssuedSession, behindTls: boolean): TokenResponse {
  const { refreshToken, ...body } = session;
  if (refreshToken === null) return body;
  const persistent = req.headers[KEEP_SIGNED_IN_HEADER] !== 'false';
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure(req, behindTls),
    ...(persistent ? { maxAge: REFRESH_COOKIE_MAX_AGE_S } : {}),
  });
  return body;
}

export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply, behindTls: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure(req, behindTls),
  });
}

/** The refresh token from the cookie, after the CSRF header check (403 without it). */
export function refreshTokenOf(req: FastifyRequest): string | undefined {
  if (!req.headers[CSRF_HEADER]) throw forbidden(`This request needs the ${CSRF_HEADER} header.`);
  const value = req.cookies[REFRESH_COOKIE];
  return value ? value : undefined;
}
