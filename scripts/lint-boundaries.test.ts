import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, proven on deliberate violations: a rule that never
// fires would let features grow into each other unnoticed.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('web import boundaries', () => {
  it('refuse a feature importing another feature', async () => {
    const ids = await ruleIdsFor(
      "import { AdsTxtPage } from '../../adstxt/routes/adstxt-page';\nexport const page = AdsTxtPage;\n",
      'apps/web/src/features/reports/components/boundary-probe.ts',
    );
    expect(ids).toContain('boundaries/restricted-paths');
  }, 60_000);

  it('refuse shared lib code importing a feature, and the web importing the server', async () => {
    const fromLib = await ruleIdsFor(
      "import { AdsTxtPage } from '../features/adstxt/routes/adstxt-page';\nexport const page = AdsTxtPage;\n",
      'apps/web/src/lib/boundary-probe.ts',
    );
    expect(fromLib).toContain('boundaries/restricted-paths');
    const fromServer = await ruleIdsFor(
      "import { loadConfig } from '../../server/src/config/env';\nexport const c = loadConfig;\n",
      'apps/web/src/boundary-probe.ts',
    );
    expect(fromServer.length).toBeGreaterThan(0);
  }, 60_000);

  it('allow a feature importing its own files and shared lib code', async () => {
    const ids = await ruleIdsFor(
      "import { saveFile } from '../../../lib/save-file';\nimport { AdsTxtPage } from '../routes/adstxt-page';\nexport const x = [saveFile, AdsTxtPage];\n",
      'apps/web/src/features/adstxt/components/boundary-probe.ts',
    );
    expect(ids).toEqual([]);
  }, 60_000);
});

describe('server import boundaries', () => {
  it('refuse lib code importing a module, and allow a module importing lib code', async () => {
    const fromLib = await ruleIdsFor(
      "import { paymentSettingsRepo } from '../../modules/payment-settings/payment-settings.repo';\nexport const r = paymentSettingsRepo;\n",
      'apps/server/src/lib/keys/boundary-probe.ts',
    );
    expect(fromLib).toContain('boundaries/restricted-paths');
    const fromModule = await ruleIdsFor(
      "import { createSecretBox } from '../../lib/keys/secret-box';\nexport const b = createSecretBox;\n",
      'apps/server/src/modules/payment-settings/boundary-probe.ts',
    );
    expect(fromModule).toEqual([]);
  }, 60_000);

  it('refuse the report engine importing an area, even through its index, and allow an area reading the engine', async () => {
    const fromEngine = await ruleIdsFor(
      "import { SITE_TAG_CLICKHOUSE_DDL } from '../modules/site-tag';\nexport const d = SITE_TAG_CLICKHOUSE_DDL;\n",
      'apps/server/src/report-engine/boundary-probe.ts',
    );
    expect(fromEngine).toContain('boundaries/restricted-paths');
    const fromArea = await ruleIdsFor(
      "import { planReport } from '../../report-engine/report-plan';\nexport const p = planReport;\n",
      'apps/server/src/modules/payments/boundary-probe.ts',
    );
    expect(fromArea).toEqual([]);
  }, 60_000);

  it('refuse the HTTP platform importing identity or an area, and allow identity using the platform', async () => {
    const fromHttp = await ruleIdsFor(
      "import { createCallerResolver } from '../identity/caller';\nexport const c = createCallerResolver;\n",
      'apps/server/src/http/boundary-probe.ts',
    );
    expect(fromHttp).toContain('boundaries/restricted-paths');
    const httpFromModule = await ruleIdsFor(
      "import { incidentsRoutes } from '../modules/incidents/incidents.routes';\nexport const r = incidentsRoutes;\n",
      'apps/server/src/http/boundary-probe.ts',
    );
    expect(httpFromModule).toContain('boundaries/restricted-paths');
    const fromIdentity = await ruleIdsFor(
      "import type { CallerResolver } from '../http/request-context';\nexport type C = CallerResolver;\n",
      'apps/server/src/identity/boundary-probe.ts',
    );
    expect(fromIdentity).toEqual([]);
  }, 60_000);

  it("refuse an area reaching into another area's files, and allow the same import through its index", async () => {
    const intoFile = await ruleIdsFor(
      "import { auditRepo } from '../audit/audit.repo';\nexport const r = auditRepo;\n",
      'apps/server/src/modules/payments/boundary-probe.ts',
    );
    expect(intoFile).toContain('boundaries/module-entry');
    const deeper = await ruleIdsFor(
      "import { queueRevenueScans } from '../../reports/anomalies/revenue-scan-queue';\nexport const q = queueRevenueScans;\n",
      'apps/server/src/modules/data-loads/nested/boundary-probe.ts',
    );
    expect(deeper).toContain('boundaries/module-entry');
    const throughIndex = await ruleIdsFor(
      "import { auditRepo } from '../audit';\nimport { queueRevenueScans } from '../reports/index';\nexport const x = [auditRepo, queueRevenueScans];\n",
      'apps/server/src/modules/payments/boundary-probe.ts',
    );
    expect(throughIndex).toEqual([]);
    const ownFiles = await ruleIdsFor(
      "import { auditRepo } from '../audit.repo';\nexport const r = auditRepo;\n",
      'apps/server/src/modules/audit/nested/boundary-probe.ts',
    );
    expect(ownFiles).toEqual([]);
  }, 60_000);

  it("refuse identity, platform, http, app.ts and cli.ts reaching into an area's files, tests included", async () => {
    for (const [file, spec] of [
      ['apps/server/src/identity/boundary-probe.ts', '../modules/audit/audit.repo'],
      ['apps/server/src/platform/boundary-probe.ts', '../modules/fact-store/fact-store-registration'],
      ['apps/server/src/http/boundary-probe.ts', '../modules/audit/audit.repo'],
      ['apps/server/src/app.ts', './modules/reports/report-cache'],
      ['apps/server/src/cli.ts', './modules/backup/backup'],
      ['apps/server/src/modules/setup/boundary-probe.api.test.ts', '../adstxt/adstxt.service'],
    ]) {
      const ids = await ruleIdsFor(`import * as m from '${spec}';\nexport const x = m;\n`, file as string);
      expect(ids, file).toContain('boundaries/module-entry');
    }
    const viaIndex = await ruleIdsFor(
      "import { auditRepo } from '../modules/audit';\nexport const r = auditRepo;\n",
      'apps/server/src/identity/boundary-probe.ts',
    );
    expect(viaIndex).toEqual([]);
  }, 60_000);

  it("refuse the demo orchestration, lib, db and top-level files reaching into an area's files, and allow its index", async () => {
    for (const [file, spec] of [
      ['apps/server/src/demo/boundary-probe.ts', '../modules/payments/payments.repo'],
      ['apps/server/src/demo/boundary-probe.api.test.ts', '../modules/site-tag/site-tag.repo'],
      ['apps/server/src/lib/boundary-probe.ts', '../modules/audit/audit.repo'],
      ['apps/server/src/db/boundary-probe.test.ts', '../modules/reports/reports.service'],
      ['apps/server/src/boundary-probe.ts', './modules/payment-settings/payment-settings.repo'],
    ]) {
      const ids = await ruleIdsFor(`import * as m from '${spec}';\nexport const x = m;\n`, file as string);
      expect(ids, file).toContain('boundaries/module-entry');
    }
    const viaIndex = await ruleIdsFor(
      "import { seedDemoPayments } from '../modules/payments';\nimport { seedDemoWebhooks } from '../modules/integrations/index';\nexport const x = [seedDemoPayments, seedDemoWebhooks];\n",
      'apps/server/src/demo/boundary-probe.ts',
    );
    expect(viaIndex).toEqual([]);
  }, 60_000);
});
