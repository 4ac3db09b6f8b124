import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { contractOpenApiDocument, type OpenApiDocument } from '../../apps/server/src/http/openapi-document';

const run = promisify(execFile);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

/** The linter runs offline: no telemetry, no update check (its ruleset is built in, redocly.yaml). */
const OFFLINE_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}
export interface LintResult {
  totals: { errors: number; warnings: number };
  problems: LintProblem[];
}

/** Writes the document generated from the contracts to `dir/openapi.json`; returns it and its path. */
export async function writeContractDocument(dir: string): Promise<{ doc: OpenApiDocument; file: string }> {
  const doc = await contractOpenApiDocument();
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return { doc, file };
}

/** Redocly's `lint` with the project's redocly.yaml (recommended rules) on one document file. */
export async function lintOpenApi(file: string): Promise<LintResult> {
  const args = [REDOCLY, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'];
  // It exits 1 when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, env: OFFLINE_ENV, maxBuffer: 64 * 1024 * 1024 }).catch(
    (err: { stdout?: string; stderr?: string }) => {
      if (!err.stdout) throw new Error(`redocly lint did not run: ${err.stderr ?? String(err)}`);
      return { stdout: err.stdout };
    },
  );
  return JSON.parse(stdout) as LintResult;
}

/** One line per problem: severity, rule, where, what. */
export const problemLines = (result: LintResult): string[] =>
  result.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);

/** The `paths` and `operations` types an outside generator (openapi-typescript) writes from the document. */
export async function clientTypes(doc: OpenApiDocument): Promise<string> {
  return astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
}
