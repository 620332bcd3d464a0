import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where `.ci/install-mcp.sh` put the real MCP programs (env ARGSEAL_MCP_TOOLS, default
 * /opt/argseal-ci/mcp). Under CI=true a missing install fails the suite; locally the
 * real-program tests skip.
 */
export function mcpToolsDir(): string | undefined {
  const dir = process.env.ARGSEAL_MCP_TOOLS ?? '/opt/argseal-ci/mcp';
  const ok = existsSync(join(dir, 'node_modules', '@modelcontextprotocol', 'server-everything'));
  if (!ok && process.env.CI === 'true') {
    throw new Error(`MCP tools missing in ${dir}: run bash .ci/install-mcp.sh`);
  }
  return ok ? dir : undefined;
}

/** `node <server entry>` of an installed reference server. */
export function serverCommand(
  dir: string,
  pkg: 'server-everything' | 'server-filesystem' | 'server-memory',
) {
  return {
    command: process.execPath,
    args: [join(dir, 'node_modules', '@modelcontextprotocol', pkg, 'dist', 'index.js')],
  };
}
