import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts', kit: 'src/kit/index.ts', store: 'src/store/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  platform: 'neutral',
  target: 'es2022',
});
