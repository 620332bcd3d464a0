import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsdown';

const entry = {
  index: 'src/index.ts',
  kit: 'src/kit/index.ts',
  data: 'src/data/index.ts',
  store: 'src/store/index.ts',
};
const nodeDigest = fileURLToPath(new URL('./src/hash-default.node.ts', import.meta.url));

export default defineConfig([
  // runtime-neutral build (export condition `default`): Web Crypto
  { entry, format: ['esm'], dts: true, clean: true, platform: 'neutral', target: 'es2022' },
  // Node build (export condition `node`): the same modules, with the default SHA-256 from
  // node:crypto (synchronous). Types are shared with the neutral build.
  {
    entry,
    outDir: 'dist/node',
    format: ['esm'],
    dts: false,
    clean: false,
    platform: 'node',
    fixedExtension: false,
    target: 'es2022',
    plugins: [
      {
        name: 'argseal-node-sha256',
        resolveId(source: string) {
          return /(^|\/)hash-default\.js$/.test(source) ? nodeDigest : null;
        },
      },
    ],
  },
]);
