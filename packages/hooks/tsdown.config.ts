import { defineConfig } from 'tsdown';

export default defineConfig({
  // `cli` is what `argseal hook` loads on every tool call: store clients, config modules
  // and the MCP server are dynamic imports, so a decision that needs none of them loads none.
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    // spawned (detached) by the first hook that needs the default store; see start-daemon.ts
    'store-daemon': 'src/daemon/store-daemon.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  platform: 'node',
  target: 'node20',
  fixedExtension: false,
});
