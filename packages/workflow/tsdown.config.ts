import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts', wake: 'src/wake-entry.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  platform: 'neutral',
  target: 'es2022',
});
