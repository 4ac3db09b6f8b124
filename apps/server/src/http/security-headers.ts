import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../config/env';
import { APP_GATE_CSP_SOURCE } from './app-gate';
import { SIGN_IN_GATE_CSP_SOURCE } from './sign-in-gate';

/**
 * CSP allows our own origin (and the sign-in pages' inline gate script, by its hash) plus only the
 * third-party hosts whose ids are configured; the page may
 * not be framed except by the configured iframe root. HSTS only when served behind TLS.
 *
 * Helmet decides the headers; they depend only on this configuration (no per-request nonces), so
 * they are worked out once at start-up and each response gets the list. @fastify/helmet rebuilt
 * Helmet's middleware, parsing every CSP directive again, on every request: a tenth of an
 * authenticated read's CPU (bench:api).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { extraScriptHosts: string[]; frameAncestors: string[]; behindTls: boolean },
) {
  const headers = securityHeaders(opts);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The [name, value] pairs Helmet sets for this configuration, in its order. */
export function securityHeaders(opts: { extraScriptHosts: string[]; frameAncestors: string[]; behindTls: boolean }): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The two inline gate scripts, by their hashes: the pre-rendered sign-in pages'
        // (sign-in-gate.ts) and the app page's (app-gate.ts).
        scriptSrc: ["'self'", SIGN_IN_GATE_CSP_SOURCE, APP_GATE_CSP_SOURCE, ...opts.extraScriptHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...opts.extraScriptHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...opts.extraScriptHosts],
        frameAncestors: ["'self'", ...opts.frameAncestors],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: opts.behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet's middleware is synchronous and reads nothing from the request with this configuration.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The hosts each configured third-party service loads from (the web app's loader uses the same
 * vendors); a service whose id is unset adds nothing, so the default CSP is 'self' only.
 */
export function thirdPartyHosts(c: AppConfig): string[] {
  const hosts = new Set<string>();
  if (c.TAG_MANAGER_ID || c.PAGE_ANALYTICS_ID || c.PAGE_ANALYTICS_ID_2)
    ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'].forEach((h) => hosts.add(h));
  if (c.SESSION_RECORDER_ID)
    ['https://static.hotjar.com', 'https://script.hotjar.com', 'https://*.hotjar.com', 'wss://*.hotjar.com'].forEach((h) => hosts.add(h));
  if (c.HELP_WIDGET_ID) ['https://static.zdassets.com', 'https://*.zendesk.com', 'wss://*.zendesk.com'].forEach((h) => hosts.add(h));
  if (c.PRODUCT_TOUR_KEY) ['https://cdn.pendo.io', 'https://app.pendo.io', 'https://data.pendo.io'].forEach((h) => hosts.add(h));
  if (c.EVENT_ANALYTICS_KEY) ['https://cdn.mxpnl.com', 'https://api-js.mixpanel.com'].forEach((h) => hosts.add(h));
  return [...hosts];
}
