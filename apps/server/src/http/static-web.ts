import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Serves the built SPA; unknown non-API paths get index.html so client routes survive reloads. */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
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
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
