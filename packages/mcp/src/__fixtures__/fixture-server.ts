import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type JSONRPCMessage,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

export interface FixtureTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/**
 * A real SDK `Server` (low-level API) in the test process, linked by the SDK's
 * InMemoryTransport, one server instance per connection. Records every tools/call it
 * receives and every message the proxy sent it (`sent`, exactly as sent); `setTools`
 * changes the definitions and sends notifications/tools/list_changed (a rug pull when it
 * changes a description after the host trusted it). `connections` / `closed` count the
 * upstream connections the proxy opened and closed.
 */
export function fixtureServer(initial: FixtureTool[]) {
  let tools = initial;
  const calls: { name: string; arguments: unknown }[] = [];
  const sent: JSONRPCMessage[] = [];
  const servers: Server[] = [];
  const counts = { connections: 0, closed: 0 };
  function newServer(): Server {
    const server = new Server(
      { name: 'argseal-fixture', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      calls.push({ name: request.params.name, arguments: request.params.arguments });
      return {
        content: [{ type: 'text', text: JSON.stringify(request.params.arguments ?? null) }],
      };
    });
    return server;
  }
  return {
    calls,
    sent,
    counts,
    /** A transport factory for `ProxyServer.transport`: each connection gets a linked pair. */
    transport() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      counts.connections += 1;
      const send = clientSide.send.bind(clientSide);
      clientSide.send = (message, options) => {
        sent.push(structuredClone(message));
        return send(message, options);
      };
      const close = clientSide.close.bind(clientSide);
      let closed = false;
      clientSide.close = () => {
        // the linked pair closes each side from the other: count a connection once
        if (!closed) counts.closed += 1;
        closed = true;
        return close();
      };
      const server = newServer();
      servers.push(server);
      void server.connect(serverSide);
      return clientSide;
    },
    async setTools(next: FixtureTool[]) {
      tools = next;
      await Promise.all(servers.map((s) => s.sendToolListChanged().catch(() => undefined)));
    },
  };
}

export const ECHO_TOOL: FixtureTool = {
  name: 'echo',
  description: 'Echoes its arguments',
  inputSchema: {
    type: 'object',
    properties: { message: { type: 'string' }, n: { type: 'number' } },
    additionalProperties: false,
  },
};
