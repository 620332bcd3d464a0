import type { Readable, Writable } from 'node:stream';
import { assertKnownOptions } from '@argseal/core';
import type { McpProxy } from '../relay/proxy.js';
import type { McpRelay } from '../relay/relay.js';
import { StdioHostTransport } from '../transport/stdio-host-transport.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Default `process.stdin`. */
  input?: Readable;
  /** Default `process.stdout`. */
  output?: Writable;
  /** Largest message text accepted from the host (UTF-16 units). Default 4 MiB. */
  maxMessageLength?: number;
}

/**
 * Serves `proxy` to one host over stdio (the host starts `argseal mcp` as its server
 * `command`). Resolves once the upstreams are started; the relay closes when stdin ends.
 */
export function serveStdio(proxy: McpProxy, options: ServeStdioOptions = {}): Promise<McpRelay> {
  assertKnownOptions('serveStdio', options, ['input', 'output', 'maxMessageLength']);
  const transport = new StdioHostTransport({
    input: options.input ?? process.stdin,
    output: options.output ?? process.stdout,
    maxLength: options.maxMessageLength,
  });
  return proxy.connect(transport);
}
