import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // a deprecation is a failure: pg 9 removes what pg 8 only warns about (queries overlapping on one connection)
    poolOptions: { forks: { execArgv: ['--throw-deprecation'] } },
  },
});
