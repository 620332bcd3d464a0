import { PassThrough } from 'node:stream';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * In-process stdio: `proxyIn`/`proxyOut` are what the proxy sees as stdin/stdout, and
 * `client` is an SDK client transport with the SDK's own newline framing on the other end.
 * `writeRaw` sends a hostile text exactly as given.
 */
export function streamPair() {
  const proxyIn = new PassThrough();
  const proxyOut = new PassThrough();
  const received: JSONRPCMessage[] = [];
  const client: Transport = {
    async start() {
      const buffer = new ReadBuffer();
      proxyOut.on('data', (chunk: Buffer) => {
        buffer.append(chunk);
        for (let m = buffer.readMessage(); m; m = buffer.readMessage()) {
          received.push(m);
          client.onmessage?.(m);
        }
      });
    },
    async send(message) {
      proxyIn.write(serializeMessage(message));
    },
    async close() {
      proxyIn.end();
      client.onclose?.();
    },
  };
  return {
    proxyIn,
    proxyOut,
    client,
    received,
    writeRaw: (text: string) => proxyIn.write(`${text}\n`),
  };
}
