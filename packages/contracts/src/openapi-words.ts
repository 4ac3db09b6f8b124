import type { HttpMethod } from './endpoint';

/**
 * The credentials OpenAPI declares as security schemes. `bearer` is the access hook's (an ID token,
 * or an API key `pck_…` where the reporting API takes one); `feedKey` is checked by the blocking
 * feed's own handler (the hook lets the route through as public).
 */
export const OPENAPI_SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  feedKey: {
    type: 'http',
    scheme: 'bearer',
    description: "A publisher's feed key (`pcf_…`), or the provider's service token `BLOCKING_FEED_TOKEN` with `publisherId`.",
  },
} as const;
export type SecuritySchemeName = keyof typeof OPENAPI_SECURITY_SCHEMES;

/**
 * A route the server serves outside the endpoint tables, and the words OpenAPI gives it. These
 * answers are not a JSON shape a table entry describes: health probes, hosted ads.txt files with
 * ETag and 304, the site tag's script and beacon (outside /api, on publishers' pages), and the
 * HTML page an alert recipient's e-mail link opens. Their routes stay where their handlers are;
 * the OpenAPI generator (apps/server/src/http/openapi.ts) names each operation from this list, so
 * every operation of the document has an operation id and a summary.
 */
export interface RouteWords {
  readonly method: HttpMethod;
  /** Fastify-style, as the route is registered (`/t/:file`). */
  readonly path: `/${string}`;
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  /** The success answer's media type, when the route declares a response schema and it is not JSON. */
  readonly produces?: string;
}

export const routesOutsideTables: readonly RouteWords[] = [
  {
    method: 'GET',
    path: '/healthz',
    operationId: 'getHealth',
    summary: 'The process is up (and its start-up work still running)',
    tags: ['platform'],
  },
  {
    method: 'GET',
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'The process can reach its database (503 when not)',
    tags: ['platform'],
  },
  {
    method: 'GET',
    path: '/hosted/ads-txt/:domain/ads.txt',
    operationId: 'getHostedAdsTxt',
    summary: "A domain's hosted ads.txt (text, ETag and 304)",
    tags: ['ads.txt'],
  },
  {
    method: 'GET',
    path: '/hosted/app-ads-txt/:domain/app-ads.txt',
    operationId: 'getHostedAppAdsTxt',
    summary: "A domain's hosted app-ads.txt (text, ETag and 304)",
    tags: ['ads.txt'],
  },
  {
    method: 'GET',
    path: '/t/:file',
    operationId: 'getSiteTagScript',
    summary: "A site's tag script (`<site key>.js`)",
    tags: ['site tag'],
  },
  {
    method: 'POST',
    path: '/t/collect',
    operationId: 'collectSiteTagEvents',
    summary: "The site tag's beacon: a batch of page events",
    tags: ['site tag'],
  },
  {
    method: 'GET',
    path: '/api/monitors/recipients/confirm',
    operationId: 'showMonitorRecipientConfirmation',
    summary: "The alert recipient's confirmation page (HTML, with a Confirm button)",
    tags: ['uptime monitoring'],
    produces: 'text/html',
  },
  {
    method: 'POST',
    path: '/api/monitors/recipients/confirm',
    operationId: 'confirmMonitorRecipient',
    summary: 'Confirms an alert recipient by the token of its e-mail link (answers an HTML page)',
    tags: ['uptime monitoring'],
    produces: 'text/html',
  },
];
