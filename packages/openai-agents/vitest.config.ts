import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: '@argseal/openai-agents', testTimeout: 20_000 },
});
