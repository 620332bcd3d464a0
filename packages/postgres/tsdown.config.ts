import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts', lock: 'src/lock.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  // it imports node:fs and node:path (the embedded database's directory and lock file): a
  // Node build, so those builtins resolve as builtins (a neutral build warned
  // UNRESOLVED_IMPORT for each); Bun and Deno load node: modules too
  platform: 'node',
  // .js and .d.ts as before (a node build defaults to .mjs / .d.mts)
  fixedExtension: false,
  target: 'es2022',
});
