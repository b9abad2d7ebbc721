import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './scripts/eslint/module-boundaries.js';
import tableOwnership from './scripts/eslint/table-ownership.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { arena: { rules: { 'module-boundaries': moduleBoundaries, 'table-ownership': tableOwnership } } },
    rules: { 'arena/module-boundaries': 'error' },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'arena/table-ownership': [
        'error',
        {
          // The administrator's lookups, which lists and documents of every module join for their names.
          shared: ['centre', 'sport', 'payment_mode'],
        },
      ],
    },
  },
);
