import { fileURLToPath } from 'node:url';
import { workflow } from '@workflow/vitest';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));
// only the workflow fixtures are scanned for directives (the builder would otherwise follow
// this config's imports into @workflow/builders itself)
const workflows = fileURLToPath(new URL('./src/__fixtures__/workflows', import.meta.url));

/**
 * @workflow/vitest compiles the "use workflow" / "use step" directives (SWC), builds the
 * workflow and step bundles from the fixtures folder, and runs them in the test worker on
 * the local world. Its transform names workflows after `process.cwd()`, the builder after
 * its `cwd`: the transform runs with the fixtures folder as cwd so both agree when the tests
 * are started from the repository root (`pnpm vitest run packages/workflow`).
 */
function fromThisFolder(plugins: Plugin[]): Plugin[] {
  return plugins.map((plugin) => {
    const transform = plugin.transform;
    if (typeof transform !== 'function') return plugin;
    return {
      ...plugin,
      transform(this: unknown, ...args: unknown[]) {
        const cwd = process.cwd();
        process.chdir(workflows);
        try {
          return (transform as (...a: unknown[]) => unknown).apply(this, args);
        } finally {
          process.chdir(cwd);
        }
      },
    } as Plugin;
  });
}

export default defineConfig({
  plugins: fromThisFolder(workflow({ cwd: workflows, rootDir: here }) as Plugin[]),
  test: { name: '@argseal/workflow', testTimeout: 60_000, hookTimeout: 120_000 },
});
