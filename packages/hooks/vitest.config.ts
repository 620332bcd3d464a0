import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@argseal/hooks',
    testTimeout: 60_000,
  },
});
