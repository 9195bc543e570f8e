import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The tests' temporary folders in one, removed at the end (test/helpers/tmp.ts).
    globalSetup: ['test/helpers/tmp.ts'],
    // Most test files wait on servers and child processes (a conformance run, the CLI), not on the
    // CPU: two at a time on two cores (vitest's default would be one, cores - 1).
    maxWorkers: 2,
    // Allure results go beside the suite's (reports/allure-results). allure-vitest records every
    // expect() as a step unless reportMatchers is false (notes/toolchain.md).
    reporters: ['default', ['allure-vitest/reporter', { resultsDir: 'reports/allure-results', reportMatchers: false }]],
    // The slow proofs (*.full.spec.ts: the whole mutation matrix on both dialects, whole runs over
    // TLS and in a browser, bundles, shards) and the properties against the variant dialect of the
    // reference bank run in npm run test:full (vitest.full.config.ts).
    include: ['test/**/*.spec.ts', 'properties/**/*.spec.ts'],
    exclude: ['**/*.full.spec.ts', '**/node_modules/**'],
  },
});
