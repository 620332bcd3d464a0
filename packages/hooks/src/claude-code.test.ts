import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { hostBin } from './__fixtures__/host-bins.js';
import { hostCases } from './__fixtures__/host-cases.js';
import { MARKER_SERVER } from './__fixtures__/project.js';
import { runClaude } from './__fixtures__/run-claude.js';

const bin = hostBin('ARGSEAL_CLAUDE_BIN');

describe.skipIf(!bin)('Claude Code (real host, offline)', () => {
  hostCases({
    host: 'claude-code',
    bash: (id, command) => ({
      toolCalls: [{ id, name: 'Bash', arguments: JSON.stringify({ command, description: 'test' }) }],
    }),
    mcp: (id, name) => ({
      toolCalls: [{ id, name: 'mcp__fixture__write_marker', arguments: JSON.stringify({ name }) }],
    }),
    run(project, turns, options) {
      const args: string[] = [];
      if (options?.mcp) {
        const file = join(project.home, 'mcp.json');
        writeFileSync(
          file,
          JSON.stringify({ mcpServers: { fixture: { command: process.execPath, args: [MARKER_SERVER] } } }),
        );
        args.push('--mcp-config', file, '--strict-mcp-config');
      }
      return runClaude(bin as string, project, { turns, args });
    },
  });
});
