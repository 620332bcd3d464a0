import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from '../config/config-types.js';
import { McpSealError } from '../errors.js';
import { StdioUpstreamTransport } from './stdio-upstream-transport.js';

/**
 * The client transport for one configured upstream: a stdio child process for `command`
 * (the SDK's safe default environment plus `env`; its stderr is inherited), or the SDK's
 * streamable HTTP transport for `url`. On POSIX the stdio child is framed by
 * {@link StdioUpstreamTransport} (no per-message schema parse on the relay's hot path);
 * on Windows by the SDK's StdioClientTransport, whose cross-spawn resolves `.cmd` shims.
 */
export function upstreamTransport(name: string, server: McpServerConfig): Transport {
  if (typeof server.command === 'string' && server.command !== '') {
    if (process.platform !== 'win32') {
      return new StdioUpstreamTransport({
        command: server.command,
        args: server.args ?? [],
        ...(server.env ? { env: server.env } : {}),
        ...(server.cwd ? { cwd: server.cwd } : {}),
      });
    }
    return new StdioClientTransport({
      command: server.command,
      args: [...(server.args ?? [])],
      ...(server.env ? { env: { ...server.env } } : {}),
      ...(server.cwd ? { cwd: server.cwd } : {}),
      stderr: 'inherit',
    });
  }
  if (typeof server.url === 'string' && server.url !== '') {
    return new StreamableHTTPClientTransport(new URL(server.url));
  }
  throw new McpSealError('invalid_config', `server "${name}": give command or url`);
}
