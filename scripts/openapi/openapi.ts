// `npm run openapi`: writes the OpenAPI document generated from the contracts (no database, no
// server listening) and the client types openapi-typescript makes of it to .tmp/openapi/, then
// runs Redocly's linter on it; exits 1 on any lint error. openapi.test.ts checks the same in
// `npm test`. docs/architecture.md, "OpenAPI".
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { clientTypes, lintOpenApi, problemLines, ROOT, writeContractDocument } from './openapi-tools';

const dir = path.join(ROOT, '.tmp', 'openapi');
const { doc, file } = await writeContractDocument(dir);
writeFileSync(path.join(dir, 'schema.d.ts'), await clientTypes(doc));
const result = await lintOpenApi(file);
for (const line of problemLines(result)) console.log(line);
console.log(`${path.relative(ROOT, file)} (and schema.d.ts beside it): ${result.totals.errors} errors, ${result.totals.warnings} warnings`);
process.exitCode = result.totals.errors > 0 ? 1 : 0;
