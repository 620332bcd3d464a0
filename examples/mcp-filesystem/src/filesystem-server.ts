import { createRequire } from 'node:module';

/**
 * The entry of the real `@modelcontextprotocol/server-filesystem`, a pinned dependency of
 * this example: the workspace's `pnpm install` brings it, nothing else to install.
 */
export function filesystemServerEntry(): string {
  return createRequire(import.meta.url).resolve(
    '@modelcontextprotocol/server-filesystem/dist/index.js',
  );
}
