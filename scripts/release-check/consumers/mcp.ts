// Type-checks @argseal/mcp: a proxy with config rules, a policy function, and both transports.

import type { ToolPolicy } from '@argseal/core';
import {
  createMcpProxy,
  createMemoryPinStore,
  type McpCallContext,
  type McpProxy,
  McpSealError,
  type RunningHttpProxy,
  serveHttp,
} from '@argseal/mcp';

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
