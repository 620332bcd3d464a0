import { defineConfig } from 'tsdown';

export default defineConfig({
  // `cli` is what `argseal hook` loads on every tool call: store backends, config modules
  // and the MCP server are dynamic imports, so a decision that needs none of them loads none.
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  platform: 'node',
  target: 'node20',
  fixedExtension: false,
});
