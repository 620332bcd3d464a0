import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { collectSkipNote } from './vitest.skip-notes.js';

/**
 * The vitest projects CI also runs on Bun and Deno (`.ci/run`, issue 19): core, the
 * policies and the Cedar policies (WASM), from their sources, with each runtime executing
 * the test workers. The entry test (packages/core/src/runtime/entry.test.ts) spawns the
 * runtime itself on the built package, so the runtime's own export conditions choose the build.
 */
export default defineConfig({
  test: {
    // every run's temporary folders live in one folder, removed at the end (an absolute
    // path: the projects below extend this config, and a relative one resolves in each root)
    globalSetup: [fileURLToPath(new URL('./vitest.global-setup.ts', import.meta.url))],
    // zod loaded natively by vitest's module runner comes back as an empty namespace under
    // Bun (`import { z } from 'zod'` is undefined; a plain `bun` import of zod is fine), so
    // the test runner transforms it like source instead
    onConsoleLog: (log, _type, entity) => (collectSkipNote(log, entity) ? false : undefined),
    server: { deps: { inline: ['zod'] } },
    projects: [
      { extends: true, test: { name: '@argseal/core', root: 'packages/core' } },
      { extends: true, test: { name: '@argseal/policies', root: 'packages/policies' } },
      // Cedar's WASM build is loaded through createRequire on each runtime (issue 29)
      { extends: true, test: { name: '@argseal/policy-cedar', root: 'packages/policy-cedar' } },
    ],
  },
});
