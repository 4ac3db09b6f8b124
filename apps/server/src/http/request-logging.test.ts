import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createHttpApp } from './create-http-app';

/** An app on the platform's Fastify set-up, logging into memory at `level`. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createHttpApp(loadConfig({ NODE_ENV: 'test' }), pino({ level, base: undefined }, sink));
  app.get('/api/echo', async (req) => {
    req.log.info('handler info');
    req.log.warn({ detail: 1 }, 'handler warning');
    return 'ok';
  });
  app.get('/assets/app.js', async () => 'asset');
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('writes one line per API request, when it completes, with the request, the status and the time', async () => {
    const { app, lines } = await appLoggingAt('info');
    const res = await app.inject({ method: 'GET', url: '/api/echo?x=1', headers: { 'x-request-id': 'req-1' } });
    expect(res.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/assets/app.js' });
    const requestLines = lines.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/echo?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof requestLines[0]!.responseTime).toBe('number');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    // The request's own lines carry its id.
    expect(lines.find((l) => l.msg === 'handler info')).toMatchObject({ reqId: 'req-1' });
    expect(lines.find((l) => l.msg === 'handler warning')).toMatchObject({ reqId: 'req-1', detail: 1 });
    await app.close();
  });

  it('above info, writes only what the level lets through, still with the request id', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/api/echo', headers: { 'x-request-id': 'req-2' } });
    expect(lines.map((l) => l.msg)).toEqual(['handler warning']);
    expect(lines[0]).toMatchObject({ reqId: 'req-2', level: 40 });
    await app.close();
  });
});
