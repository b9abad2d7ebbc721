import { configDefaults, defineConfig, type Plugin } from 'vitest/config';

/**
 * Resolves workspace packages to their TypeScript sources (the `source` export condition) in
 * every Vite environment: `resolve` and `ssr.resolve` do not reach the one that runs the global
 * setup, which imports the seed and through it @arena/contracts.
 */
const sourceCondition: Plugin = { name: 'source-condition', configEnvironment: () => ({ resolve: { conditions: ['source'] } }) };

export default defineConfig({
  plugins: [sourceCondition],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // Two projects so that running unit tests alone does not build the integration databases.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contracts/src/**/*.test.ts', '../web/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/**/*.int.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.int.test.ts'], globalSetup: ['test/global-setup.ts'] },
      },
    ],
  },
});
