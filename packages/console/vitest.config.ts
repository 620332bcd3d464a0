import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@argseal/console',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
