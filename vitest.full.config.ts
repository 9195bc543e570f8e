import { defineConfig } from 'vitest/config';

// npm run test:full: the slow proofs that npm test leaves out (test/**/*.full.spec.ts), and the
// properties against the variant dialect of the reference bank (npm test runs them against the
// default one): a correct bank whichever reading it takes where the spec is silent. .ci/run runs it
// after npm test.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The tests' temporary folders in one, removed at the end (test/helpers/tmp.ts).
    globalSetup: ['test/helpers/tmp.ts'],
    reporters: ['default', ['allure-vitest/reporter', { resultsDir: 'reports/allure-results', reportMatchers: false }]],
    projects: [
      { extends: true, test: { name: 'full', include: ['test/**/*.full.spec.ts'] } },
      {
        extends: true,
        test: { name: 'variant', include: ['properties/**/*.spec.ts'], env: { XS2A_DIALECT: 'variant' } },
      },
    ],
  },
});
