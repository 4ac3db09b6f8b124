import type { Access, UserScope } from '@pc/contracts';

export type { Access };

export interface AuthContext {
  uid: string;
  email: string;
  scope: UserScope;
  authTime: number;
  /** Set when the token is an admin's partner view (claim `pv`, identity/partner-views.ts). */
  partnerView?: string;
}

/**
 * Who sends a bearer ID token (identity/caller.ts): the caller, or a thrown 401. Answered without a
 * promise when the caches know the token and the session, so most requests wait for nothing.
 */
export type CallerResolver = (token: string | undefined) => AuthContext | Promise<AuthContext>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every /api route (checked at start-up). */
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The `Publisher-Scope` header, already checked to be inside the caller's scope. */
    publisherId: string | null;
  }
}
