import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, mediaTypesOf, routesOutsideTables } from '@pc/contracts';
import { lintOpenApi, problemLines } from '../../../../scripts/openapi/openapi-tools';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contractOpenApiDocument, type OpenApiDocument } from './openapi-document';

interface Operation {
  operationId?: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let t: TestApp;
let served: OpenApiDocument;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  served = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  paths = served.paths as unknown as Record<string, Record<string, Operation>>;
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

describe('the served OpenAPI document', () => {
  it('names every operation: table entries by their own words, the routes outside the tables by routesOutsideTables', () => {
    const ops = Object.entries(paths).flatMap(([p, o]) => Object.entries(o).map(([m, op]) => ({ at: `${m} ${p}`, op })));
    expect(ops.filter(({ op }) => !op.operationId || !op.summary).map((o) => o.at)).toEqual([]);
    for (const r of routesOutsideTables)
      expect(paths[openApiPath(r.path)]?.[r.method.toLowerCase()]?.operationId, r.path).toBe(r.operationId);
  });

  it('is the contract document (scripts/openapi/) for every table entry, with the same info, servers and security', async () => {
    const contract = await contractOpenApiDocument(t.config.PRODUCT_NAME);
    for (const e of allEndpoints()) {
      const at = openApiPath(e.path);
      const method = e.method.toLowerCase();
      expect(paths[at]?.[method], e.operationId).toEqual(contract.paths[at]?.[method]);
    }
    const { paths: _served, ...servedRest } = served;
    const { paths: _contract, ...contractRest } = contract;
    expect(servedRest).toEqual(contractRest);
  });

  it("passes Redocly's recommended rules with no error, the outside routes' own schemas included", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-served-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(served));
      const result = await lintOpenApi(file);
      expect(problemLines({ ...result, problems: result.problems.filter((p) => p.severity === 'error') })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
