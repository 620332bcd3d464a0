import { EXIT_CODES } from '../exit-codes.js';
import { importOptional } from '../import-optional.js';
import type { CliCommand } from './types.js';

interface McpModule {
  runMcpCli(
    argv: readonly string[],
    io: { stdout: (text: string) => void; stderr: (text: string) => void },
  ): Promise<number>;
}

const FORWARDED = [
  'config',
  'name',
  'http',
  'data-dir',
  'database-url',
  'console-url',
  'approver',
  'status',
  'note',
] as const;

/** `argseal mcp`: the MCP sealing proxy from `@argseal/mcp`, installed separately (`npm i @argseal/mcp`). */
export const mcpCommand: CliCommand = {
  name: 'mcp',
  synopsis:
    'mcp [--config FILE] [--http PORT] [--data-dir DIR] -- COMMAND [ARGS...] | mcp pins ...',
  summary: 'seal an MCP server: a proxy for any MCP host (needs @argseal/mcp)',
  description: [
    'Runs COMMAND as an upstream MCP server behind the argseal sealing proxy and speaks MCP',
    'on stdin/stdout (use it as a host\'s server "command"), or streamable HTTP on',
    '127.0.0.1 with --http PORT. Every tools/call is strictly decoded, checked against the',
    "tool's pinned inputSchema, policy-checked and approval-bound to its proposal hash; changed",
    'tool definitions are withheld until approved. Data: embedded PGlite in .argseal/mcp, or',
    'PostgreSQL with --database-url / DATABASE_URL, or a running console with --console-url.',
    '',
    '"argseal mcp pins list|show|approve|reject [ID] --approver NAME" manages definition pins.',
  ].join('\n'),
  options: {
    config: {
      type: 'string',
      valueName: 'FILE',
      description: 'proxy config (.json, or .js/.mjs default export)',
    },
    name: {
      type: 'string',
      valueName: 'NAME',
      description: 'server name for COMMAND (default: the only configured server, or "upstream")',
    },
    http: {
      type: 'string',
      valueName: 'PORT',
      description: 'serve streamable HTTP on 127.0.0.1:PORT instead of stdio',
    },
    'data-dir': {
      type: 'string',
      valueName: 'DIR',
      description: 'embedded data directory (default .argseal/mcp)',
    },
    'database-url': {
      type: 'string',
      valueName: 'URL',
      description: 'PostgreSQL connection string',
    },
    'console-url': {
      type: 'string',
      valueName: 'URL',
      description:
        'use a running argseal console as the store (agent token in ARGSEAL_CONSOLE_TOKEN)',
    },
    approver: {
      type: 'string',
      valueName: 'NAME',
      description: 'approver name for "pins approve|reject"',
    },
    status: {
      type: 'string',
      valueName: 'S',
      description: 'status filter for "pins list" (default pending)',
    },
    note: { type: 'string', valueName: 'TEXT', description: 'note for "pins approve|reject"' },
  },
  maxPositionals: 1000,
  async run(args, io) {
    const mod = await importOptional<McpModule>('@argseal/mcp/cli', 'mcp');
    const argv: string[] = [];
    for (const name of FORWARDED) {
      const value = args.values[name];
      if (typeof value === 'string') argv.push(`--${name}=${value}`);
    }
    const [first, ...rest] = args.positionals;
    if (first === 'pins') argv.push('pins', ...rest);
    else if (first !== undefined) argv.push('--', first, ...rest);
    const code = await mod.runMcpCli(argv, {
      stdout: (text) => io.stdout.write(text),
      stderr: (text) => io.stderr.write(text),
    });
    // @argseal/mcp returns the same statuses; anything else it returns is a bug.
    if (code === EXIT_CODES.ok || code === EXIT_CODES.rejected || code === EXIT_CODES.usage)
      return code;
    return EXIT_CODES.internal;
  },
};
