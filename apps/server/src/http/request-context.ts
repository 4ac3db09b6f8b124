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

/**
 * The caller and chosen publisher of a publisher-scoped route, as services take them. Both are set
 * by then: such a route's `access` lets no request through without a signed-in caller and a checked
 * `Publisher-Scope` (http/access.ts).
 */
export const scopedCtx = (req: { auth?: { uid: string } | null; publisherId?: string | null }) => ({
  uid: req.auth!.uid,
  publisherId: req.publisherId!,
});
