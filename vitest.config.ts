import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // every run's temporary folders live in one folder, removed at the end
    globalSetup: ['./vitest.global-setup.ts'],
    projects: ['packages/*', 'examples/*'],
  },
});
