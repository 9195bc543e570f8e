import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.spec.ts', 'properties/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Allure results go beside the suite's (reports/allure-results). allure-vitest records every
    // expect() as a step unless reportMatchers is false (notes/toolchain.md).
    reporters: ['default', ['allure-vitest/reporter', { resultsDir: 'reports/allure-results', reportMatchers: false }]],
  },
});
