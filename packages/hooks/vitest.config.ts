import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@argseal/hooks',
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 120_000,
  },
});
