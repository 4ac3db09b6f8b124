import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { HttpError } from '../../lib/http-error';
import { entitlements } from './entitlements';

/** A feature a BOOLEAN flag switches off per publisher, and the API routes (Fastify route patterns) that belong to it. */
export interface FeatureGate {
  flag: string;
  /** What the 403 names, e.g. "Uptime monitoring". */
  feature: string;
  routes: (url: string) => boolean;
}

/**
 * The flagged features the server refuses when off for the selected publisher. One table here
 * rather than a line in each area's routes, so the web app's gates (apps/web/src/lib/feature-flags)
 * and these stay side by side; both name the same flag keys. Routes without a selected publisher
 * (staff's all-publishers views) are not gated: a flag is per publisher.
 */
export const FEATURE_GATES: readonly FeatureGate[] = [
  { flag: 'uptime.monitoring', feature: 'Uptime monitoring', routes: (url) => url === '/api/monitors' || url.startsWith('/api/monitors/') },
  {
    flag: 'payments.statements',
    feature: 'Payment statements',
    routes: (url) => url === '/api/payments/:id/statement.pdf' || url === '/api/payments/:id/statement.csv',
  },
];

/**
 * A gate is an account switch the provider's staff set per partner (every plan includes these
 * features), so its refusal points to the account manager, not to a larger plan.
 */
export const featureOff = (feature: string) =>
  new HttpError(403, `${feature} is not enabled for this partner. Ask your account manager to turn it on.`, 'FeatureDisabled');

/** The gate of a route pattern, if any. */
export const gateOf = (url: string | undefined): FeatureGate | undefined =>
  url === undefined ? undefined : FEATURE_GATES.find((g) => g.routes(url));

/**
 * Refuses a gated route when its flag is off for the request's publisher. Registered after access
 * control (hooks run in order), so `req.publisherId` is already checked; reads PostgreSQL on each
 * call, so a staff change holds at once in every process.
 */
export function registerFeatureGates(app: FastifyInstance, db: Db): void {
  // The gate is found once per route when it is added (onRoute), so the routes no gate covers, nearly
  // all of them, run no hook for it. A route's own onRequest hooks run after the app's (access control).
  app.addHook('onRoute', (route) => {
    const gate = gateOf(route.url);
    if (!gate) return;
    const check = async (req: FastifyRequest) => {
      if (!req.publisherId) return;
      if (!(await entitlements(db).allows(req.publisherId, gate.flag, true))) throw featureOff(gate.feature);
    };
    route.onRequest = [
      check,
      ...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]),
    ];
  });
}
