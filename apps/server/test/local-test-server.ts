import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Resolver } from '../src/lib/outbound/address-policy';

/**
 * A throw-away HTTP server on 127.0.0.1 for tests of outbound code. It counts TCP connections so a
 * test can prove a refused request never reached it.
 */
export interface LocalTestServer {
  port: number;
  /** TCP connections accepted so far. */
  connections: number;
  /** `host path` of every request received, in order. */
  requests: string[];
  /** `http://<host>:<port><path>` */
  url(host: string, path?: string): string;
  close(): Promise<void>;
}

export type TestHandler = (req: IncomingMessage, res: ServerResponse, host: string) => void;

export async function startLocalTestServer(handler: TestHandler): Promise<LocalTestServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0, requests: [] as string[] };
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    state.requests.push(`${host} ${req.url ?? ''}`);
    handler(req, res, host);
  });
  server.on('connection', (socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    get connections() {
      return state.connections;
    },
    requests: state.requests,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released), for "connection refused" cases. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolver over a fixed table (`name -> address`); unknown names fail like NXDOMAIN. */
export function tableResolver(table: Record<string, string | string[]>): Resolver {
  return async (hostname) => {
    const entry = table[hostname.toLowerCase()];
    if (entry === undefined) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = 'ENOTFOUND';
      throw err;
    }
    return (Array.isArray(entry) ? entry : [entry]).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
