import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../apps/server/src/http/openapi-document';
import { clientTypes, lintOpenApi, problemLines, ROOT, writeContractDocument } from './openapi-tools';

// The OpenAPI document generated from the contract entries, as an outsider sees it: Redocly's
// recommended rules find no error in it, and a client that openapi-typescript generates from it
// compiles a sample of calls (client-sample.ts). docs/architecture.md, "OpenAPI".

const run = promisify(execFile);
let dir: string;
let doc: OpenApiDocument;
let file: string;
beforeAll(async () => {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  // Inside the repository, so the sample's copy resolves openapi-fetch from its node_modules.
  dir = mkdtempSync(path.join(ROOT, '.tmp', 'openapi-'));
  ({ doc, file } = await writeContractDocument(dir));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Operation = Record<string, unknown> & { operationId?: string; summary?: string; responses?: Record<string, { content?: object }> };
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ at: `${method} ${p}`, op: op as Operation })),
  );
const operation = (id: string) => operations().find((o) => o.op.operationId === id)!.op;

/** Every schema object with `nullable` and no `type` beside it, by where it is. */
function untypedNullables(node: unknown, at = '#'): string[] {
  if (node === null || typeof node !== 'object') return [];
  const own = !Array.isArray(node) && 'nullable' in node && !('type' in node) ? [at] : [];
  return [...own, ...Object.entries(node).flatMap(([k, v]) => untypedNullables(v, `${at}/${k}`))];
}

describe('the OpenAPI document generated from the contracts', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const result = await lintOpenApi(file);
    expect(problemLines({ ...result, problems: result.problems.filter((p) => p.severity === 'error') })).toEqual([]);
    expect(result.totals.errors).toBe(0);
  }, 60_000);

  it('gives every operation an operation id and a summary, and no `nullable` without a type', () => {
    const unnamed = operations().filter(({ op }) => !op.operationId || !op.summary);
    expect(unnamed.map((o) => o.at)).toEqual([]);
    expect(untypedNullables(doc)).toEqual([]);
  });

  it("declares the file endpoints' media types and the feed's credential", () => {
    const success = (id: string) => Object.keys(operation(id).responses?.['200']?.content ?? {});
    expect(success('downloadReport')).toEqual(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(success('downloadAdsTxtMissingLines')).toEqual(['text/plain']);
    expect(success('downloadAllAdsTxtMissingLines')).toEqual(['text/plain']);
    expect(operation('getBlockingFeed').security).toEqual([{ feedKey: [] }]);
    expect(Object.keys((doc.components as { securitySchemes: object }).securitySchemes)).toEqual(['bearer', 'feedKey']);
  });

  it('gives openapi-typescript what a client of the sample calls compiles against', async () => {
    writeFileSync(path.join(dir, 'schema.d.ts'), await clientTypes(doc));
    for (const name of ['client-sample.ts', 'client-sample-types.ts'])
      copyFileSync(path.join(ROOT, 'scripts/openapi', name), path.join(dir, name));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: path.join(ROOT, 'tsconfig.base.json'), include: ['client-sample.ts'] }),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { cwd: dir }).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err), failed: true }),
    );
    expect('failed' in result ? result.stdout : '').toBe('');
  }, 120_000);
});
