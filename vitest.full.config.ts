import { defineConfig } from 'vitest/config';

// npm run test:full: the slow proofs that npm test leaves out (test/**/*.full.spec.ts); .ci/run runs
// it after npm test.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    include: ['test/**/*.full.spec.ts'],
    reporters: ['default', ['allure-vitest/reporter', { resultsDir: 'reports/allure-results', reportMatchers: false }]],
  },
});
