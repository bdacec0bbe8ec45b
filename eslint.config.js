import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverLayers } from './eslint/server-layers.js';
import { webLayers } from './eslint/web-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['web/**/*.tsx'] },
  {
    files: ['web/**/*.tsx'],
    rules: {
      // Post cards are keyboard stops, as in the ARIA feed pattern (j/k move between them).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['article'], roles: ['tabpanel'] }],
      // Labels wrap their control and texts a few elements deep (a title and a hint).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  ...webLayers,
  ...serverLayers,
  {
    // The web client's and the end-to-end tests read loosely typed JSON replies.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['server/src/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The server's suites read replies typed by the contract (server/src/test/answers.ts), and its code
    // is typed throughout: no `any` anywhere in it.
    files: ['server/src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // The migrations' tests write in the schema of then, which no type of today describes, through
    // Kysely<any> (test/migrated-database.ts, and migrations.test's own), as Kysely types a migration's
    // own up and down. A narrower schema (Kysely<Record<string, Record<string, unknown>>>) would take a
    // cast: Kysely<Database> is not assignable to it (their fn.any signatures differ).
    files: ['server/src/test/migrated-database.ts', 'server/src/data/migrations.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
