/**
 * A load generator that spreads its requests evenly over each second (request i is due at
 * start + i / rate), as a population of browsers or API clients does. autocannon's `overallRate`
 * instead lets every connection send its whole second's quota at once and then wait for the next
 * second (httpClient.js: reqsMadeThisSecond), so "500 req/s" arrives as a burst of 500 at the top
 * of each second; two such loads collide in the same burst, and p99 then measures the burst.
 *
 * Latency is counted from when a request was due, not when it went out, so a client that falls
 * behind (all connections busy) shows as latency rather than as fewer requests (no coordinated
 * omission). `pacedLoadInThread` runs the load in a worker thread, so that a second load in the
 * same bench does not delay this one's timers or its reading of responses.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface PacedOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** Sockets kept open (requests queue for one when all are busy; the wait counts as latency). */
  connections: number;
}

export interface PacedResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Milliseconds from when each request was due until its response ended. */
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

export function pacedLoad(o: PacedOptions): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const total = Math.round(o.rate * o.durationS);
  const latencies = new Float64Array(total);
  const body = o.body === undefined ? undefined : Buffer.from(o.body);
  const headers = { ...o.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  let sent = 0;
  let done = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  return new Promise((resolve) => {
    const start = performance.now();
    const finish = (i: number, status: number | null) => {
      latencies[i] = performance.now() - (start + (i * 1000) / o.rate);
      if (status === null) errors++;
      else if (status >= 200 && status < 300) ok++;
      else non2xx++;
      if (++done === total) {
        agent.destroy();
        const sorted = latencies.slice(0, done).sort();
        resolve({
          sent,
          ok,
          non2xx,
          errors,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          max: sorted[sorted.length - 1] ?? NaN,
        });
      }
    };
    const send = (i: number) => {
      const req = http.request(o.url, { method: o.method ?? 'GET', headers, agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => finish(i, res.statusCode ?? 0));
        res.on('error', () => finish(i, null));
      });
      req.on('error', () => finish(i, null));
      req.end(body);
    };
    // A 1 ms tick sends every request that has come due: at 500/s one or two a tick.
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * o.rate) / 1000) + 1);
      while (sent < due) send(sent++);
      if (sent === total) clearInterval(tick);
    }, 1);
  });
}

/** The same load on its own thread (its own event loop). */
export function pacedLoadInThread(o: PacedOptions): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    // A worker thread does not inherit tsx's loader: register it, then load this file.
    const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: o });
    worker.once('message', (r: PacedResult) => resolve(r));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`paced load thread exited with ${code}`)));
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void pacedLoad(workerData as PacedOptions).then((r) => port.postMessage(r));
}
