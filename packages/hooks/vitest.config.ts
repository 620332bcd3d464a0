import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@argseal/hooks',
    testTimeout: 240_000,
    // each real-host case runs a host process: two at a time per file on 2 cores
    maxConcurrency: 2,
  },
});
