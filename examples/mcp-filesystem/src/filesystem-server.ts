import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The entry of the real `@modelcontextprotocol/server-filesystem`, installed outside the
 * workspace by `.ci/install-mcp.sh` (env ARGSEAL_MCP_TOOLS, default /opt/argseal-ci/mcp).
 * Undefined when it is not installed.
 */
export function filesystemServerEntry(): string | undefined {
  const dir = process.env.ARGSEAL_MCP_TOOLS ?? '/opt/argseal-ci/mcp';
  const entry = join(
    dir,
    'node_modules',
    '@modelcontextprotocol',
    'server-filesystem',
    'dist',
    'index.js',
  );
  return existsSync(entry) ? entry : undefined;
}
