import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP allows our own origin plus only the third-party hosts whose ids are configured; the page may
 * not be framed except by the configured iframe root. HSTS only when served behind TLS.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { extraScriptHosts: string[]; frameAncestors: string[]; behindTls: boolean },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...opts.extraScriptHosts],
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
}
