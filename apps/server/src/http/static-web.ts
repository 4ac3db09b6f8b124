import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Serves the built SPA; unknown non-API paths get index.html so client routes survive reloads. */
export async function registerStaticWeb(app: FastifyInstance, distDir: string, publicConfig?: unknown): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  // Its own scope, so compression applies to the web app's files and not to API answers.
  await app.register(async (web) => {
    // Brotli at a middle quality: near-best size without seconds of CPU per first request.
    await web.register(compress, { encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
    await serveDist(web, distDir, indexHtml(distDir, publicConfig));
  });
  return true;
}

/**
 * index.html with the public configuration inlined as JSON, so the first paint does not wait for a
 * GET /api/config round trip. `<` is escaped so the JSON can never close the script element.
 */
function indexHtml(distDir: string, publicConfig: unknown): string {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (publicConfig === undefined) return html;
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c');
  return html.replace('</head>', `  <script id="pc-config" type="application/json">${json}</script>\n  </head>`);
}

async function serveDist(app: FastifyInstance, distDir: string, html: string): Promise<void> {
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
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
