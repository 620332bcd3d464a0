// Type-checks @argseal/mcp: a proxy with config rules, a policy function, and both transports.

import type { ToolPolicy } from '@argseal/core';
import type * as McpRoot from '@argseal/mcp';
import {
  createMcpProxy,
  createMemoryPinStore,
  type McpCallContext,
  type McpProxy,
  McpSealError,
  type RunningHttpProxy,
  serveHttp,
} from '@argseal/mcp';
import { MCP_USAGE, type McpCliIo, runMcpCli } from '@argseal/mcp/cli';

const onlySmall: ToolPolicy<McpCallContext> = (input) =>
  input.context.server === 'fs' ? { type: 'allow' } : { type: 'deny', reason: 'other_server' };

export function proxy(): McpProxy {
  return createMcpProxy({
    agent: 'host',
    servers: [
      {
        name: 'fs',
        config: { command: 'node', args: ['server.js'], trusted: true, tools: { read: onlySmall } },
      },
    ],
    pins: createMemoryPinStore(),
  });
}

export function http(p: McpProxy): Promise<RunningHttpProxy> {
  return serveHttp(p, { port: 0 });
}

export function code(error: unknown): string | undefined {
  return error instanceof McpSealError ? error.code : undefined;
}

/** The command line is not in the root entry. */
type CliInRoot = Extract<keyof typeof McpRoot, 'runMcpCli' | 'MCP_USAGE'>;
export const rootHasNoCli: [CliInRoot] extends [never] ? true : false = true;

/** `argseal mcp` through the /cli entry. */
export function cli(argv: readonly string[], io: McpCliIo): Promise<number> {
  return argv.length === 0 ? Promise.resolve(MCP_USAGE.length) : runMcpCli(argv, io);
}
