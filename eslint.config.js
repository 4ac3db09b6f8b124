import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { boundaries } from './scripts/eslint-boundaries.mjs';

// Import boundaries (DESIGN section 5): web never imports server, contracts import nothing from apps.
const noServerFromWeb = {
  group: ['**/apps/server/**', '**/server/src/**'],
  message: 'The web app must not import server code; share through @pc/contracts.',
};
const noAppsFromContracts = { group: ['**/apps/**', '@pc/server', '@pc/web'], message: 'contracts import nothing from apps.' };
const noWebFromServer = { group: ['**/apps/web/**', '@pc/web'], message: 'The server must not import web code.' };

// Features do not import each other (docs/architecture.md, web layout): what two features share
// moves to components/, lib/ or contracts. Checked on resolved paths (scripts/eslint-boundaries.mjs), so `../../other` is caught.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = webFeatures.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; move what both need to components/, lib/ or @pc/contracts.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.data/**',
      '**/.prerender/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [noServerFromWeb] }],
    },
  },
  {
    // Server layers point one way: modules use lib/, never the reverse (what lib code needs from an
    // area is passed in, or the code belongs at the composition level beside app.ts).
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/lib',
              from: './apps/server/src/modules',
              message: 'lib/ does not import modules/: pass what it needs in, or compose it beside app.ts.',
            },
            {
              target: './apps/server/src/http',
              from: './apps/server/src/modules',
              message: 'http/ is the platform every area uses: it does not import an area; pass what it needs in.',
            },
            {
              // The report engine is the platform's report store, built before any area and read by
              // many: it knows no area (what it needs from one is passed in, as the site names are).
              target: './apps/server/src/report-engine',
              from: './apps/server/src/modules',
              message: 'report-engine/ does not import modules/: pass what it needs in, or compose it in platform/.',
            },
            {
              // The HTTP platform knows callers only through http/request-context.ts's types; identity
              // implements them (identity/caller.ts) and, like every area, may use the platform.
              target: './apps/server/src/http',
              from: './apps/server/src/identity',
              message: 'http/ does not import identity/: take what it needs as a dependency typed in http/request-context.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // An area (modules/<area>/) is used from outside only through its index.ts, which declares the
    // area and re-exports what others may use (docs/architecture.md, "Import boundaries"); checked
    // for every other server source file, tests included: other areas, the files that compose or
    // serve them, the demo orchestration (each area's demo seeder is its own), lib/, db/ and the rest.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/identity/**/*.ts',
      'apps/server/src/platform/**/*.ts',
      'apps/server/src/http/**/*.ts',
      'apps/server/src/*.ts',
      'apps/server/src/demo/**/*.ts',
      'apps/server/src/scale/**/*.ts',
      'apps/server/src/report-engine/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/mail/**/*.ts',
      'apps/server/src/config/**/*.ts',
    ],
    plugins: { boundaries },
    rules: {
      'boundaries/module-entry': [
        'error',
        {
          areas: './apps/server/src/modules',
          message: 'Areas meet through their index.ts; what two areas share moves to lib/.',
        },
      ],
    },
  },
  {
    // These API tests put rows straight into another area's tables (monitor history, site-tag events
    // and pages) and run its retention by hand: no area's public surface writes or expires those,
    // and widening an index for tests would let product code do it too. Only these internals.
    files: [
      'apps/server/src/modules/plans/plan-entitlements.api.test.ts',
      'apps/server/src/modules/revenue-at-risk/revenue-at-risk.api.test.ts',
      'apps/server/src/modules/site-status/site-status-pages.api.test.ts',
    ],
    rules: {
      'boundaries/module-entry': [
        'error',
        {
          areas: './apps/server/src/modules',
          shared: [
            './apps/server/src/modules/monitors/monitors.repo',
            './apps/server/src/modules/monitors/monitor-results-partitions.repo',
            './apps/server/src/modules/monitors/monitor-retention',
            './apps/server/src/modules/monitors/rollup-histogram',
            './apps/server/src/modules/site-tag/site-tag.repo',
            './apps/server/src/modules/site-tag/site-tag.retention',
            './apps/server/src/modules/site-tag/site-tag.store',
          ],
          message: 'Areas meet through their index.ts; what two areas share moves to lib/.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            // Layers point one way: app -> features -> components/lib (bulletproof-react's rule).
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app shell; the app composes features.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared components and lib do not import features or the app.',
            },
            {
              target: './apps/web/src',
              from: './apps/server',
              message: 'The web app must not import server code; share through @pc/contracts.',
            },
          ],
        },
      ],
    },
  },
  { files: ['packages/contracts/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noAppsFromContracts] }] } },
  { files: ['apps/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noWebFromServer] }] } },
  // Journeys take `test` from e2e/support/test.ts, which runs axe where each one ends.
  {
    files: ['e2e/specs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@playwright/test', message: "Import from '../support/test' (same exports, plus the axe check of every journey)." },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // A product file stays under 300 lines, counted as scripts/code-shape.mjs counts them (every line,
  // blank and comment ones too); that script also keeps functions under 80 lines of their own.
  {
    files: [
      'apps/server/src/**/*.{ts,tsx}',
      'apps/server/tag/**/*.{ts,tsx}',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/contracts/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
);
