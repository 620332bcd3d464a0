#!/usr/bin/env node
// A stdio MCP server for the real-host tests: one tool, write_marker({ name }), that creates
// the file `name` in the server's working directory (the project), so a test can tell
// whether a host really ran the MCP call.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'write_marker',
      description: 'creates a marker file',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const name = basename(String(request.params.arguments?.name ?? 'marker'));
  writeFileSync(name, 'written by the MCP fixture\n');
  return { content: [{ type: 'text', text: `wrote ${name}` }] };
});
await server.connect(new StdioServerTransport());
