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
    // Issue 18 §4: a page imports its module's contracts entry (and the kit), never the whole
    // package; endpoints come from the zod-free `/routes` entries (apps/web/src/lib/api-imports.test.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@arena/contracts',
              message:
                "Import the module's entry (@arena/contracts/<module>), its endpoints (@arena/contracts/<module>/routes) or @arena/contracts/kit.",
            },
          ],
        },
      ],
      // The web talks to the API only through lib/api.ts (`call`, `fetchFile`, `download`).
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API with call(endpoint, …) from lib/api.ts.' }],
    },
  },
  {
    files: ['apps/web/src/lib/api.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Issue 27: the member app (/me) has its own small router (120 kB first-load budget).
    files: ['apps/web/src/modules/end-user/me/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@arena/contracts', message: "Import the module's entry or its /routes." },
            {
              name: 'react-router',
              message: 'The member app has no react-router: import Link, useNavigate, useParams… from me/router.tsx.',
            },
          ],
        },
      ],
    },
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
