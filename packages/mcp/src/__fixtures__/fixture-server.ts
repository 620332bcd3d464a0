import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface FixtureTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/**
 * A real SDK `Server` (low-level API) in the test process, linked by the SDK's
 * InMemoryTransport. Records every tools/call it receives; `setTools` changes the
 * definitions and sends notifications/tools/list_changed (a rug pull when it changes a
 * description after the host trusted it).
 */
export function fixtureServer(initial: FixtureTool[]) {
  let tools = initial;
  const calls: { name: string; arguments: unknown }[] = [];
  const server = new Server(
    { name: 'argseal-fixture', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    calls.push({ name: request.params.name, arguments: request.params.arguments });
    return { content: [{ type: 'text', text: JSON.stringify(request.params.arguments ?? null) }] };
  });
  return {
    calls,
    /** A transport factory for `ProxyServer.transport`: each connection gets a linked pair. */
    transport() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      void server.connect(serverSide);
      return clientSide;
    },
    async setTools(next: FixtureTool[]) {
      tools = next;
      await server.sendToolListChanged();
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
