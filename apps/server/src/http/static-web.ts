import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Routes, SERVER_ERROR_PATH, SIGNED_OUT_PATHS } from '@pc/contracts';
import { APP_GATE_SCRIPT } from './app-gate';
import { SIGN_IN_GATE_SCRIPT } from './sign-in-gate';

/**
 * The sign-in pages the web build pre-renders (apps/web/scripts/prerender-sign-in.mjs): their HTML
 * is the page itself, painted before any script runs, which the sign-in entry then hydrates.
 */
const PRERENDERED: Readonly<Record<string, string>> = { [Routes.login]: 'sign-in/login.html', [Routes.forgot]: 'sign-in/forgot.html' };

/** Serves the built SPA; unknown non-API paths get index.html so client routes survive reloads. */
export async function registerStaticWeb(app: FastifyInstance, distDir: string, publicConfig?: unknown): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  // Its own scope, so compression applies to the web app's files and not to API answers.
  await app.register(async (web) => {
    // Brotli at a middle quality: near-best size without seconds of CPU per first request.
    await web.register(compress, { encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
    const appHtml = withConfig(readFileSync(path.join(distDir, 'index.html'), 'utf8'), publicConfig);
    // The app's pages for signed-in users start with the gate (app-gate.ts): a visitor with no
    // session goes to /login before any paint. The signed-out pages served with the app's HTML
    // (the 500 page, the sign-in pages of a dist without sign-in.html) do not get it.
    const gatedAppHtml = withHeadScript(appHtml, APP_GATE_SCRIPT);
    // Built by `npm run build` with the app; a dist without it (an older build) serves the app.
    const signInFile = path.join(distDir, 'sign-in.html');
    const signInHtml = existsSync(signInFile) ? withConfig(readFileSync(signInFile, 'utf8'), publicConfig) : appHtml;
    const prerendered = new Map<string, string>();
    for (const [route, file] of Object.entries(PRERENDERED)) {
      const html = existsSync(path.join(distDir, file))
        ? prerenderedPage(readFileSync(path.join(distDir, file), 'utf8'), publicConfig)
        : null;
      if (html) prerendered.set(route, html);
    }
    await serveDist(web, distDir, (url) => {
      const route = url.replace(/(.)\/$/, '$1');
      if (SIGNED_OUT_PATHS.includes(route)) return prerendered.get(route) ?? signInHtml;
      return route === SERVER_ERROR_PATH ? appHtml : gatedAppHtml;
    });
  });
  return true;
}

/**
 * A page with the public configuration inlined as JSON, so the first paint does not wait for a
 * GET /api/config round trip. `<` is escaped so the JSON can never close the script element.
 */
function withConfig(html: string, publicConfig: unknown): string {
  if (publicConfig === undefined) return html;
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c');
  return html.replace('</head>', `  <script id="pc-config" type="application/json">${json}</script>\n  </head>`);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * A pre-rendered page made ready to send: its configuration placeholders (`%pc:links.getInTouch%`,
 * written by the build for the configuration's strings) replaced by this server's values, escaped
 * as React escapes text and attributes so the markup hydrates as rendered; the configuration
 * inlined; the gate script first in <head>. Null (the loader page is sent instead) without a
 * configuration or when a placeholder names something the configuration does not hold as text.
 */
function prerenderedPage(html: string, publicConfig: unknown): string | null {
  if (publicConfig === undefined) return null;
  let complete = true;
  const filled = html.replace(/%pc:([\w.]+)%/g, (_, at: string) => {
    const value = at
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), publicConfig);
    if (typeof value !== 'string') complete = false;
    return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
  });
  if (!complete) return null;
  return withHeadScript(withConfig(filled, publicConfig), SIGN_IN_GATE_SCRIPT);
}

/** The page with an inline script first in <head> (one of the gates, allowed by its CSP hash). */
function withHeadScript(html: string, script: string): string {
  return html.replace('<head>', `<head>\n    <script>${script}</script>`);
}

async function serveDist(app: FastifyInstance, distDir: string, htmlFor: (url: string) => string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      // Hashed assets never change; index.html must always be revalidated.
      reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { access: 'public' } }, (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ message: `No route for ${req.method} ${url}`, name: 'NotFound' });
    }
    // Files that exist are served as themselves; everything else is a client route.
    const candidate = path.join(distDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
    if (url !== '/' && candidate.startsWith(distDir) && existsSync(candidate) && !candidate.endsWith(path.sep)) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(htmlFor(url));
  });
}
