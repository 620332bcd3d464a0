import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { collectSkipNote } from './vitest.skip-notes.js';

export default defineConfig({
  test: {
    // every run's temporary folders live in one folder, removed at the end; the skip notes
    // are printed at the end
    globalSetup: ['./vitest.global-setup.ts'],
    // a suite skipped for a missing service says so once; its line is printed at the end
    onConsoleLog: (log, _type, entity) => (collectSkipNote(log, entity) ? false : undefined),
    // vitest's default is one worker fewer than the cores: ONE test file at a time on these
    // 2-core machines, while the slowest files mostly wait on the processes they start (store
    // daemons, CLIs, hosts, MCP servers). A worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: ['packages/*', 'examples/*'],
  },
});
