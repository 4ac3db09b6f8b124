import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, mediaTypesOf } from '@pc/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Operation {
  operationId?: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => t.close());

/** Fastify's `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the endpoint tables', () => {
  it('give every endpoint a unique operation id and one method and path', () => {
    const endpoints = allEndpoints();
    expect(new Set(endpoints.map((e) => e.operationId)).size).toBe(endpoints.length);
    expect(new Set(endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(endpoints.length);
  });

  it.each(allEndpoints().map((e) => [e.operationId, e] as const))('%s is served and documented as declared', (_, e) => {
    const op = paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
    expect(op, `${e.method} ${e.path} in OpenAPI`).toBeDefined();
    expect(op!.operationId).toBe(e.operationId);
    expect(op!.summary).toBe(e.summary);
    expect(Object.keys(op!.responses[String(e.status ?? 200)]?.content ?? {})).toEqual(mediaTypesOf(e));
    // Errors are the JSON error shape, a file endpoint's too.
    for (const [status, answer] of Object.entries(op!.responses)) {
      if (Number(status) >= 400 && answer.content)
        expect(Object.keys(answer.content), `${status} of ${e.operationId}`).toEqual(['application/json']);
    }
  });
});
