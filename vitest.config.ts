import { defineConfig } from 'vitest/config';
import { collectSkipNote } from './vitest.skip-notes.js';

export default defineConfig({
  test: {
    // every run's temporary folders live in one folder, removed at the end; the skip notes
    // are printed at the end
    globalSetup: ['./vitest.global-setup.ts'],
    // a suite skipped for a missing service says so once; its line is printed at the end
    onConsoleLog: (log, _type, entity) => (collectSkipNote(log, entity) ? false : undefined),
    projects: ['packages/*', 'examples/*'],
  },
});
