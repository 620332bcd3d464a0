import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ENABLE, noteSkip } from '@argseal/test-kit';

const require = createRequire(import.meta.url);

type ReferenceServer = 'server-everything' | 'server-filesystem' | 'server-memory';

/** The entry of a reference MCP server: pinned devDependencies of this package. */
export function serverEntry(pkg: ReferenceServer): string {
  // literal specifiers, one per package (knip reads them as the uses of these devDependencies)
  if (pkg === 'server-everything')
    return require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  if (pkg === 'server-filesystem')
    return require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
  return require.resolve('@modelcontextprotocol/server-memory/dist/index.js');
}

/** `node <server entry>` of a reference server. */
export function serverCommand(pkg: ReferenceServer) {
  return { command: process.execPath, args: [serverEntry(pkg)] };
}

/** Where the MCP conformance CLI and the Node 22 it needs are. */
export interface ConformanceTools {
  /** The CLI's `dist/index.js`. */
  cli: string;
  /** Its working directory (the install folder). */
  dir: string;
  /** A Node 22 binary (the CLI does not run on Node 20). */
  node22: string;
}

/**
 * The MCP conformance suite, installed outside the workspace by `.ci/install-mcp.sh` (env
 * ARGSEAL_MCP_TOOLS, default /opt/argseal-ci/mcp) with Node 22 from `.ci/install-runtimes.sh`
 * (env ARGSEAL_NODE22_BIN, default /opt/argseal-ci/node22). Under CI=true a missing install
 * fails the suite; locally it skips and says so once at the end of the run.
 */
export function conformanceTools(): ConformanceTools | undefined {
  const dir = process.env.ARGSEAL_MCP_TOOLS ?? '/opt/argseal-ci/mcp';
  const cli = join(dir, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  const node22 = process.env.ARGSEAL_NODE22_BIN ?? '/opt/argseal-ci/node22/node_modules/.bin/node';
  const missing = [cli, node22].filter((f) => !existsSync(f));
  if (missing.length === 0) return { cli, dir, node22 };
  if (process.env.CI === 'true') {
    throw new Error(
      `MCP conformance tools missing (${missing.join(', ')}): run bash .ci/install-mcp.sh`,
    );
  }
  noteSkip({
    what: 'MCP conformance suite',
    missing: `no ${missing.join(' and no ')}`,
    enable: ENABLE.mcpConformance,
  });
  return undefined;
}
