import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  platform: 'node',
  target: 'node20',
  // Emit .js/.d.ts (the package is "type": "module"), as package.json's bin and exports expect.
  fixedExtension: false,
});
