import { assertKnownOptions } from '@argseal/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig } from '../config/load-config.js';
import { blockLine } from '../pipeline/block-line.js';
import type { HookEnvironment } from '../pipeline/session-for.js';
import { decidePermission } from './decide-permission.js';
import { permissionCall } from './permission-call.js';

/** Name of the permission prompt tool: `--permission-prompt-tool mcp__argseal__approval`. */
const PERMISSION_TOOL = 'approval';

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    tool_name: { type: 'string' },
    input: { type: 'object' },
    tool_use_id: { type: 'string' },
  },
  required: ['tool_name', 'input'],
} as const;

/**
 * A minimal stdio MCP server with one tool, `approval`, for Claude Code's
 * `--permission-prompt-tool`: it answers `ask` decisions from the store (see
 * `decidePermission`). The config is loaded once; a bad config fails at start.
 */
export async function servePermissionPrompt(
  where: HookEnvironment & { configPath?: string | undefined; user: string },
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<void> {
  assertKnownOptions('servePermissionPrompt', where, ['env', 'cwd', 'configPath', 'user']);
  assertKnownOptions('servePermissionPrompt options', options, ['waitMs', 'pollMs']);
  const { config } = await loadConfig(where.configPath, where.env, where.cwd);
  const server = new Server({ name: 'argseal', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: PERMISSION_TOOL,
        description:
          'argseal: decides a tool call from policy and single-use approvals bound to the exact call',
        inputSchema: INPUT_SCHEMA,
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    let answer: object;
    try {
      if (request.params.name !== PERMISSION_TOOL) throw new Error('unknown tool');
      const call = permissionCall(request.params.arguments, where.cwd, where.user);
      answer = await decidePermission(config, call, where, {
        waitMs: options.waitMs ?? config.hosts?.['claude-code']?.waitMs ?? 120_000,
        pollMs: options.pollMs ?? 500,
      });
    } catch (error) {
      answer = { behavior: 'deny', message: blockLine(error).trim() };
    }
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  });
  await server.connect(new StdioServerTransport());
}
