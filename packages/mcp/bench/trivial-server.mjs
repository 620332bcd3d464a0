// A trivial MCP server over stdio (SDK low-level Server): one tool that answers at once.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'trivial', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'echo',
      inputSchema: {
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
      },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (r) => ({
  content: [{ type: 'text', text: String(r.params.arguments?.message) }],
}));
await server.connect(new StdioServerTransport());
