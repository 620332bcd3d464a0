// @argseal/mcp from npm: a real SDK Client talks to the proxy over stdio framing, the proxy
// to an in-process SDK server. A first-seen tool is withheld until pinned; an allowed call
// runs with the canonical arguments; a duplicate-key message text is refused, never forwarded.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createMcpProxy, serveStdio } from '@argseal/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const calls = [];
const server = new Server({ name: 'smoke', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { m: { type: 'string' } } } }],
}));
server.setRequestHandler(CallToolRequestSchema, async (r) => {
  calls.push(r.params.arguments);
  return { content: [{ type: 'text', text: 'ok' }] };
});
const proxy = createMcpProxy({
  servers: [
    {
      name: 'smoke',
      config: { tools: { echo: 'allow' } },
      transport: () => {
        const [a, b] = InMemoryTransport.createLinkedPair();
        void server.connect(b);
        return a;
      },
    },
  ],
});
const input = new PassThrough();
const output = new PassThrough();
const relay = await serveStdio(proxy, { input, output });
const seen = [];
const client = new Client({ name: 'smoke-host', version: '1.0.0' });
await client.connect({
  async start() {
    const buffer = new ReadBuffer();
    output.on('data', (chunk) => {
      buffer.append(chunk);
      for (let m = buffer.readMessage(); m; m = buffer.readMessage()) {
        seen.push(m);
        this.onmessage?.(m);
      }
    });
  },
  async send(m) {
    input.write(serializeMessage(m));
  },
  async close() {},
});
assert.deepEqual((await client.listTools()).tools, []);
const [pending] = await proxy.pins.list({ status: 'pending' });
await proxy.pins.decide(pending.id, { decision: 'approve', approver: 'smoke' });
assert.equal((await client.listTools()).tools.length, 1);
const ok = await client.callTool({ name: 'echo', arguments: { m: 'hi' } });
assert.equal(ok.isError, undefined);
input.write(
  '{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"echo","arguments":{"m":"a","m":"b"}}}\n',
);
for (let i = 0; i < 100 && !seen.some((m) => m.id === 99); i++)
  await new Promise((r) => setTimeout(r, 10));
const refused = seen.find((m) => m.id === 99);
assert.equal(refused.result._meta['argseal/refusal'].code, 'duplicate_key');
assert.deepEqual(calls, [{ m: 'hi' }]);
await relay.close();
console.log('mcp smoke: ok');
