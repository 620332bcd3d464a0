import type { Readable, Writable } from 'node:stream';
import { assertKnownOptions } from '@argseal/core';
import type { McpProxy } from './proxy.js';
import { RawCallLedger } from './raw-call-ledger.js';
import type { McpRelay } from './relay.js';
import { StdioHostTransport } from './stdio-host-transport.js';

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
  const ledger = new RawCallLedger();
  const transport = new StdioHostTransport({
    input: options.input ?? process.stdin,
    output: options.output ?? process.stdout,
    ledger,
    maxLength: options.maxMessageLength,
  });
  return proxy.connect({ transport, ledger });
}
