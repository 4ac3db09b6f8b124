import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Import boundaries (DESIGN section 5): web never imports server, contracts import nothing from apps.
const noServerFromWeb = {
  group: ['**/apps/server/**', '**/server/src/**'],
  message: 'The web app must not import server code; share through @pc/contracts.',
};
const noAppsFromContracts = { group: ['**/apps/**', '@pc/server', '@pc/web'], message: 'contracts import nothing from apps.' };
const noWebFromServer = { group: ['**/apps/web/**', '@pc/web'], message: 'The server must not import web code.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'bench/.data/**'] },
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
  { files: ['packages/contracts/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noAppsFromContracts] }] } },
  { files: ['apps/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noWebFromServer] }] } },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
);
