import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@argseal/hooks',
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 240_000,
    // each real-host case runs a host process (and PGlite): two at a time per file on 2 cores
    maxConcurrency: 2,
  },
});
