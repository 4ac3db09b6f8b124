import { Routes } from '@pc/contracts';

/**
 * Every page of the app, built from the contracts' route list so pages other areas add are swept
 * by the accessibility and mobile journeys without editing them. Routes with an id get a demo id
 * here; a new one without an entry is reported by `unresolvedRoutes` (a test fails on it).
 */
type RouteName = keyof typeof Routes;

/** Pages reachable without signing in. */
export const PUBLIC_ROUTES: RouteName[] = ['login', 'forgot', 'acceptInvitation'];

/** Demo ids for routes that take one (`null`: found at run time from the list page). */
const ROUTE_ARGS: Partial<Record<RouteName, string | null>> = {
  service: 'performance',
  serviceActivation: 'performance',
  uptimeMonitor: null,
  uptimeMonitorEdit: null,
};

/** Pages inside a route that the route list does not name: the admin console's tabs. */
const SUB_PAGES: { name: string; path: string }[] = [
  'users',
  'invitations',
  'feature-flags',
  'usage',
  'outbox',
  'audit',
  'adstxt-template',
  'data-loads',
].map((tab) => ({
  name: `adminConsole:${tab}`,
  path: `${Routes.adminConsole}${tab}`,
}));

export interface SweptRoute {
  name: string;
  path: string;
}

/** The signed-in pages, in the order the contracts list them; `ids` fills the run-time ids. */
export function protectedRoutes(ids: Partial<Record<RouteName, string>> = {}): SweptRoute[] {
  const out: SweptRoute[] = [];
  for (const [name, value] of Object.entries(Routes) as [RouteName, (typeof Routes)[RouteName]][]) {
    if (PUBLIC_ROUTES.includes(name)) continue;
    if (typeof value === 'string') out.push({ name, path: value });
    else {
      const id = ids[name] ?? ROUTE_ARGS[name];
      if (id) out.push({ name, path: value(id) });
    }
  }
  return [...out, ...SUB_PAGES];
}

/** Routes taking an id that this file does not know how to fill. */
export function unresolvedRoutes(): RouteName[] {
  return (Object.entries(Routes) as [RouteName, unknown][])
    .filter(([name, value]) => typeof value === 'function' && !(name in ROUTE_ARGS))
    .map(([name]) => name);
}

export function publicRoutes(): SweptRoute[] {
  return PUBLIC_ROUTES.map((name) => ({ name, path: Routes[name] as string }));
}
