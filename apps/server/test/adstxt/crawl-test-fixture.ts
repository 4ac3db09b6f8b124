import type { ServerResponse } from 'node:http';
import { createGuardedFetch, type GuardedFetch } from '../../src/lib/outbound/guarded-fetch';
import { closedPort, startLocalTestServer, type LocalTestServer } from '../local-test-server';
import type { Resolver } from '../../src/lib/outbound/address-policy';

/**
 * Shared set-up for crawler tests: one local HTTP server answering for many `*.test` names (all
 * resolved to 127.0.0.1, which is allow-listed), so root-domain logic is exercised with real hosts.
 */
export type Route =
  ((res: ServerResponse, port: number) => void) | { status: number; type?: string | null; body?: string; location?: string };

export const TEXT = 'text/plain; charset=utf-8';

export interface CrawlFixture {
  server: LocalTestServer;
  fetch: GuardedFetch;
  /** Start ports: https on a closed port (refused -> http fallback), http on the server. */
  ports: { https: number; http: number };
  /** `http://host:port/path` on the test server. */
  at(host: string, path?: string): string;
  close(): Promise<void>;
}

/** `*.test` -> 127.0.0.1, `evil.test` -> a private 10/8 address, anything else NXDOMAIN. */
export const testResolver: Resolver = async (hostname) => {
  if (hostname === 'evil.test') return [{ address: '10.0.0.7', family: 4 }];
  if (hostname.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
  const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  err.code = 'ENOTFOUND';
  throw err;
};

export async function startCrawlFixture(routes: Record<string, Route>): Promise<CrawlFixture> {
  let port = 0;
  const server = await startLocalTestServer((req, res, host) => {
    const route = routes[`${host}${req.url ?? ''}`];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no route');
    } else if (typeof route === 'function') {
      route(res, port);
    } else {
      const headers: Record<string, string> = {};
      if (route.type !== null) headers['content-type'] = route.type ?? TEXT;
      if (route.location) headers.location = route.location.replace('{port}', String(port));
      res.writeHead(route.status, headers).end(route.body ?? '');
    }
  });
  port = server.port;
  const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], resolve: testResolver, timeoutMs: 5_000 });
  return {
    server,
    fetch,
    ports: { https: await closedPort(), http: port },
    at: (host, path = '/ads.txt') => `http://${host}:${port}${path}`,
    close: async () => {
      await fetch.close();
      await server.close();
    },
  };
}
