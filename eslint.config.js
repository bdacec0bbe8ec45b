import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // The web client's layers (docs/decisions/040): shared code never imports a feature or the app; a
  // feature reaches another feature only through that feature's index.ts.
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|app)(/|$)',
              message: 'Shared code (components, lib) must not import a feature or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From features/<a>/<folder>/file, ../../<b>/… is inside another feature.
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/',
              message: "Import another feature through its index.ts ('../../<feature>'), not its folders.",
            },
            { regex: '(^|/)app(/|$)', message: 'A feature must not import the app layer.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON replies.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
