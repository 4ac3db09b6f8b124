import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_FLAKY_PATH, demoFlakyIsDown } from './seed-demo-monitors';

/** The demo's refused target ("Evergreen checkout API"): port 9 (discard) is closed on a normal machine. */
export const DEMO_CLOSED_ENDPOINT = '127.0.0.1:9';

export interface DemoTargets {
  port: number;
  /** The exact `ip:port` pairs the demo's monitors may reach: this server and the closed port. */
  endpoints: string[];
  close(): Promise<void>;
}

/**
 * Demo mode only: the pages the demo monitors check, on a loopback listener of their own (a free
 * port chosen at start). The monitors' outbound client may reach exactly this listener and the
 * closed port, never the portal's own port: its /metrics and API stay out of reach of a tenant's
 * monitor or webhook, and no other loopback port can be probed.
 */
export async function startDemoTargets(): Promise<DemoTargets> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') res.writeHead(405, { allow: 'GET, HEAD' }).end();
    else if (path === '/healthz') res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    else if (path === DEMO_FLAKY_PATH && demoFlakyIsDown())
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Live scores are being updated (demo outage).');
    else if (path === DEMO_FLAKY_PATH) res.writeHead(200, { 'content-type': 'text/plain' }).end('Live scores: all matches up to date.');
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not a demo target.');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    endpoints: [`127.0.0.1:${port}`, DEMO_CLOSED_ENDPOINT],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
