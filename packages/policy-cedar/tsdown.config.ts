import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  // it imports node:module (createRequire loads Cedar's WASM build): a Node build, so the
  // builtin resolves as a builtin (a neutral build warned UNRESOLVED_IMPORT); Bun and Deno
  // load node: modules too. .js and .d.ts as before (a node build defaults to .mjs / .d.mts)
  platform: 'node',
  fixedExtension: false,
  target: 'es2022',
});
