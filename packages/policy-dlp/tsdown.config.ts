import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  // it imports node:crypto (the HMAC of fingerprints): a Node build, so the builtin resolves
  // as a builtin (a neutral build warned UNRESOLVED_IMPORT); Bun and Deno load node: modules too
  platform: 'node',
  // .js and .d.ts as before (a node build defaults to .mjs / .d.mts)
  fixedExtension: false,
  target: 'es2022',
});
