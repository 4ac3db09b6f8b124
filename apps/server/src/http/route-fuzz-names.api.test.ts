import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, signIn, type TestApp } from '../../test/test-app';

// Every route of the OpenAPI document with names that are properties of every JavaScript object
// and ids that do not exist, in paths, bodies and the publisher header: no answer may be a 5xx.
// Its own app (not route-fuzz.api.test.ts's), so the other fuzz's side effects on the test
// sessions cannot turn these requests into plain 401s; a request that does end the session is
// counted and the session signed in again, and the count must stay near zero.
let t: TestApp;
const who = {
  admin: { email: DEMO.admin, publisher: '1003', token: '' },
  multi: { email: DEMO.multi, publisher: '1001', token: '' },
};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.values(who)) role.token = (await signIn(t.app, role.email)).idToken;
}, 120_000);
afterAll(async () => t.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
};
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

// Routes whose side effect ends or replaces the caller's own session or password.
const SKIP = new Set(['POST /api/identity/sign-out-everywhere', 'PUT /api/identity/password']);

/**
 * Names that are properties of every JavaScript object (a flag or key named so once broke the plans
 * pages), and ids that do not exist (a missing foreign key once surfaced as 500).
 */
const OBJECT_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];
const UNKNOWN_IDS = ['00000000-0000-0000-0000-000000000000', '999999', 'no-such-id'];

/** A body the schema accepts as far as types go, every free text set to `fill`: it reaches the service and the database. */
function plausible(schema: Schema | undefined, fill: string, depth = 0): unknown {
  if (!schema || depth > 6) return fill;
  const variant = (schema.anyOf ?? schema.oneOf)?.find((v) => v.type !== 'null');
  if (variant) return plausible(variant, fill, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, fill, depth + 1)]));
    case 'array':
      return [plausible(schema.items, fill, depth + 1)];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'date-time') return new Date(Date.now() - 3_600_000).toISOString();
      if (schema.format === 'email') return `${fill.replace(/[^a-z0-9]/gi, '') || 'x'}@example.com`;
      return fill;
  }
}

interface FuzzCase {
  url: string;
  payload?: unknown;
  scope: string;
  what: string;
}

function casesFor(path: string, verb: string, bodySchema: Schema | undefined, publisher: string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const value of [...OBJECT_NAMES, ...UNKNOWN_IDS]) {
    const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
    const payload = bodySchema && verb !== 'GET' && verb !== 'DELETE' ? plausible(bodySchema, value) : undefined;
    cases.push({ url, payload, scope: publisher, what: value });
  }
  cases.push({ url: path.replace(/\{[^}]+\}/g, '1001'), scope: '999999', what: 'unknown scope' });
  return cases;
}

describe('route fuzz: object property names and unknown references', () => {
  it('answers them in every path, body and publisher header below 500', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const failures: string[] = [];
    let requests = 0;
    let sessionsEnded = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const verb = method.toUpperCase();
        if (SKIP.has(`${verb} ${path}`) || !path.startsWith('/api/')) continue;
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        if (!/\{[^}]+\}/.test(path) && !bodySchema) continue;
        for (const role of Object.values(who)) {
          for (const c of casesFor(path, verb, bodySchema, role.publisher)) {
            requests++;
            const res = await t.app.inject({
              method: verb as 'GET',
              url: c.url,
              headers: { authorization: `Bearer ${role.token}`, 'publisher-scope': c.scope },
              ...(c.payload !== undefined ? { payload: c.payload as string } : {}),
            });
            if (res.statusCode >= 500)
              failures.push(`${verb} ${path} as ${role.email}, ${c.what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            if (res.statusCode === 401) {
              sessionsEnded++;
              role.token = (await signIn(t.app, role.email)).idToken;
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    // The requests reached the routes signed in, not as a run of 401s.
    expect(sessionsEnded).toBeLessThan(requests / 50);
    // None of those names became a flag, and the plans still answer.
    const flags = await t.db.selectFrom('feature_flags').select('key').where('key', 'in', OBJECT_NAMES).execute();
    expect(flags).toEqual([]);
    const plans = await t.app.inject({ method: 'GET', url: '/api/plans', headers: { authorization: `Bearer ${who.multi.token}` } });
    expect(plans.statusCode).toBe(200);
  }, 900_000);
});
