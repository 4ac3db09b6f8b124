import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, signIn, type TestApp } from '../../test/test-app';

// Every route of the OpenAPI document, for every role, with malformed paths,
// queries, bodies and headers: no answer may be a 5xx.
let t: TestApp;
const tokens: Record<string, { token: string | null; publisher: string | null }> = {};
beforeAll(async () => {
  t = await createTestApp();
  tokens.anonymous = { token: null, publisher: null };
  tokens.single = { token: (await signIn(t.app, DEMO.single)).idToken, publisher: '1002' };
  tokens.multi = { token: (await signIn(t.app, DEMO.multi)).idToken, publisher: '1001' };
  tokens.staff = { token: (await signIn(t.app, DEMO.staff)).idToken, publisher: '1001' };
  tokens.admin = { token: (await signIn(t.app, DEMO.admin)).idToken, publisher: '1003' };
}, 120_000);
afterAll(async () => t.close());

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; format?: string; enum?: unknown[] };
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

// Routes whose side effect would end the run's own sessions.
const SKIP = new Set(['POST /api/identity/sign-out-everywhere']);

/** Strings and numbers that broke servers before: NUL, lone surrogates, huge and odd dates/numbers. */
const BAD_STRINGS = [
  '',
  'a\u0000b',
  '\uD800',
  'x'.repeat(5000),
  '9e15',
  '1e309',
  '-1',
  '10000-01-01',
  '-000001-01-01',
  '2024-02-30',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%',
  '{"a":1}',
];
const BAD_VALUES: unknown[] = [null, 9e15, -1, 2 ** 64, 1.5, true, {}, [], ['a\u0000'], ...BAD_STRINGS];
const BAD_PATH_PARAMS = ['%00', '%ED%A0%80', 'x'.repeat(300), '9e15', '-1', '99999999999999999999', '%27', 'd5001', '1001'];

function bodiesFor(schema: Schema | undefined): unknown[] {
  const props = Object.keys(schema?.properties ?? {});
  const out: unknown[] = [null, [], 'text', 0, {}];
  for (const bad of BAD_VALUES) out.push(Object.fromEntries(props.map((p) => [p, bad])));
  for (const p of props.slice(0, 12)) {
    for (const bad of [null, 9e15, 'a\u0000b', '\uD800', '10000-01-01', [], {}]) out.push({ [p]: bad });
  }
  return out;
}

/** A lone surrogate cannot be URI-encoded; send the bytes a client would (invalid UTF-8). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

function queriesFor(params: { in: string; name: string }[]): string[] {
  const names = params.filter((p) => p.in === 'query').map((p) => p.name);
  const out = ['', '?unknown=1'];
  for (const bad of BAD_STRINGS) out.push('?' + names.map((n) => `${enc(n)}=${enc(bad)}`).join('&'));
  // The same parameter twice (an array where a string is expected).
  out.push('?' + names.map((n) => `${n}=1&${n}=2`).join('&'));
  out.push('?' + names.map((n) => `${n}=%ED%A0%80`).join('&'));
  return out;
}

describe('route fuzz', () => {
  it('answers NUL bytes and lone surrogates with 400 and the field, and changes nothing', async () => {
    const auth = { authorization: `Bearer ${tokens.single!.token}` };
    const before = (await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: auth })).json();
    for (const firstName of ['Ann\u0000', 'Ann\uD800', '\uDC00Ann']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/personal-info',
        headers: auth,
        payload: { ...before, firstName },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['firstName']);
    }
    const hosted = await t.app.inject({ method: 'GET', url: '/hosted/ads-txt/a%00b/ads.txt' });
    expect(hosted.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/personal-info', headers: auth })).json()).toEqual(before);
  });

  it('answers every malformed request on every documented route, for every role, below 500', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const failures: string[] = [];
    let requests = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const verb = method.toUpperCase();
        if (SKIP.has(`${verb} ${path}`)) continue;
        const params = op.parameters ?? [];
        const urls = BAD_PATH_PARAMS.map((v) => path.replace(/\{[^}]+\}/g, v));
        const queries = queriesFor(params);
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const bodies = verb === 'GET' || verb === 'DELETE' ? [undefined] : bodiesFor(bodySchema);
        for (const [role, who] of Object.entries(tokens)) {
          const headers = (extra: Record<string, string> = {}) => ({
            ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
            ...(who.publisher ? { 'publisher-scope': who.publisher } : {}),
            ...extra,
          });
          const cases: { url: string; payload?: unknown; headers: Record<string, string>; what: string }[] = [];
          for (const url of urls) cases.push({ url, headers: headers(), what: 'path' });
          const url = urls[urls.length - 2]!; // plausible ids, so the request gets past the path
          for (const q of queries) cases.push({ url: url + q, headers: headers(), what: `query ${q.slice(0, 60)}` });
          for (const payload of bodies) {
            if (payload !== undefined)
              cases.push({ url, payload, headers: headers(), what: `body ${JSON.stringify(payload).slice(0, 80)}` });
          }
          cases.push({ url, headers: headers({ 'publisher-scope': 'a\u0001b' }), what: 'bad publisher-scope' });
          cases.push({ url, headers: headers({ 'publisher-scope': '9'.repeat(400) }), what: 'long publisher-scope' });
          cases.push({ url, headers: headers({ authorization: 'Bearer a.b.c' }), what: 'bad token' });
          cases.push({ url, headers: headers({ 'idempotency-key': 'x'.repeat(1000) }), what: 'long idempotency key' });
          if (verb !== 'GET') {
            cases.push({ url, payload: '{"a":', headers: headers({ 'content-type': 'application/json' }), what: 'broken JSON' });
            cases.push({ url, payload: 'a=1', headers: headers({ 'content-type': 'text/plain' }), what: 'text body' });
          }
          for (const c of cases) {
            requests++;
            const res = await t.app.inject({
              method: verb as 'GET',
              url: c.url,
              headers: c.headers,
              ...(c.payload !== undefined ? { payload: c.payload as string } : {}),
            });
            if (res.statusCode >= 500) failures.push(`${verb} ${path} as ${role}, ${c.what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 900_000);
});
