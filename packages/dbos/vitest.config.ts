import { defineConfig } from 'vitest/config';

// The crash tests start and kill worker processes that launch DBOS on PostgreSQL.
export default defineConfig({
  test: { name: '@argseal/dbos', testTimeout: 120_000, hookTimeout: 60_000 },
});
