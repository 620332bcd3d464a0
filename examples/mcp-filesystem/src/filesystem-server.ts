import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The entry of the real `@modelcontextprotocol/server-filesystem`, a pinned dependency of
 * this example: the workspace's `pnpm install` brings it, nothing else to install.
 */
export function filesystemServerEntry(): string {
  return require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
}
