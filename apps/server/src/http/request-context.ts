import type { UserScope } from '@pc/contracts';

export type Access = 'public' | 'signedIn' | 'publisher' | 'staff' | 'admin';

export interface AuthContext {
  uid: string;
  email: string;
  scope: UserScope;
  authTime: number;
}

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
