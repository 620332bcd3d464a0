import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@argseal/postgres',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
