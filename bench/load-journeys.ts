/**
 * The paced phase of `npm run bench:load`: each simulated user plays sessions (bench/load-mix.ts)
 * with think time between pages, as a person at a browser does. A page's calls go out at once, as
 * the web app sends them; each call goes to the next server in turn (a round-robin load balancer).
 * The client is lean: Node's http with keep-alive agents, no framework, one event loop; its CPU is
 * measured and printed, since it shares the cores with the servers.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SESSION,
  pageRequests,
  planSession,
  seededRandom,
  userStartMs,
  type BenchUser,
  type MixContext,
  type MixRequest,
} from './load-mix';
import { LatencyRecorder } from './load-stats';

export interface JourneyOptions {
  bases: readonly string[];
  users: readonly BenchUser[];
  ctx: MixContext;
  durationS: number;
  /** Users start evenly over this many seconds. */
  rampS: number;
  seed: number;
}

export interface JourneyResult {
  recorder: LatencyRecorder;
  sessions: number;
  /** CPU seconds this process (the generator) used during the phase. */
  generatorCpuS: number;
  wallS: number;
}

/** A request that has not answered in this long counts as an error ("timeout"). */
const REQUEST_TIMEOUT_MS = 30_000;

interface Answer {
  status: string;
  ok: boolean;
  body: string;
}

export async function runJourneys(o: JourneyOptions): Promise<JourneyResult> {
  const agents = o.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const recorder = new LatencyRecorder();
  let next = 0;
  let sessions = 0;
  const send = (r: MixRequest, token: string | null, publisherId: string): Promise<Answer> => {
    const i = next++ % o.bases.length;
    const headers: Record<string, string> = {};
    if (r.authenticated && token) Object.assign(headers, { authorization: `Bearer ${token}`, 'publisher-scope': publisherId });
    if (r.body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(r.body)) });
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (a: Answer) => {
        if (settled) return;
        settled = true;
        recorder.record(r.type, performance.now() - started, a.ok, a.status);
        resolve(a);
      };
      const req = http.request(
        `${o.bases[i]}${r.path}`,
        { method: r.method, headers, agent: agents[i], timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          // Only the sign-in's answer is read; the rest are drained, as a browser would render them.
          res.on('data', (c: Buffer) => r.body !== undefined && chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            done({ status: String(status), ok: status >= 200 && status < 300, body: Buffer.concat(chunks).toString() });
          });
          res.on('error', () => done({ status: 'socket', ok: false, body: '' }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => done({ status: err.message === 'timeout' ? 'timeout' : 'socket', ok: false, body: '' }));
      req.end(r.body);
    });
  };

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + o.durationS * 1000;
  const left = () => end - performance.now();

  const user = async (index: number) => {
    const u = o.users[index]!;
    const random = seededRandom(o.seed * 100_003 + index);
    await sleep(userStartMs(index, o.users.length, o.rampS * 1000));
    while (left() > 0) {
      sessions++;
      let token: string | null = null;
      for (const step of planSession(random)) {
        if (left() <= 0) break;
        const requests = pageRequests(step.page, u, o.ctx);
        if (step.page === 'signIn') {
          const signIn = await send(requests[0]!, null, u.publisherId);
          token = signIn.ok ? (JSON.parse(signIn.body) as { idToken: string }).idToken : null;
          // A failed sign-in ends the session: the person sees the error and comes back later.
          if (!token) {
            await sleep(Math.max(0, Math.min(SESSION.awayMs.min, left())));
            break;
          }
          await Promise.all(requests.slice(1).map((r) => send(r, token, u.publisherId)));
        } else await Promise.all(requests.map((r) => send(r, token, u.publisherId)));
        await sleep(Math.max(0, Math.min(step.pauseMs, left())));
      }
    }
  };
  await Promise.all(o.users.map((_, i) => user(i)));
  const cpu = process.cpuUsage(cpu0);
  for (const a of agents) a.destroy();
  return { recorder, sessions, generatorCpuS: (cpu.user + cpu.system) / 1e6, wallS: (performance.now() - t0) / 1000 };
}
