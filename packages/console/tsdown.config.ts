import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts', client: 'src/client.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  platform: 'node',
  target: 'es2022',
  fixedExtension: false,
  copy: ['src/web'],
});
