import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'argseal',
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
  },
});
