import { describe } from 'vitest';
import { hostBin } from './__fixtures__/host-bins.js';
import { hostCases } from './__fixtures__/host-cases.js';
import { MARKER_SERVER } from './__fixtures__/project.js';
import { runCodex } from './__fixtures__/run-codex.js';

const bin = hostBin('ARGSEAL_CODEX_BIN');

describe.skipIf(!bin)('Codex (real host, offline)', () => {
  hostCases({
    host: 'codex',
    // Codex's shell tool is exec_command({ cmd }); its hook sees tool_name Bash, tool_input { command }
    bash: (id, command) => ({
      toolCalls: [{ id, name: 'exec_command', arguments: JSON.stringify({ cmd: command }) }],
    }),
    // MCP tools are offered as the namespace mcp__fixture (its hook sees mcp__fixture__write_marker)
    mcp: (id, name) => ({
      toolCalls: [
        {
          id,
          namespace: 'mcp__fixture',
          name: 'write_marker',
          arguments: JSON.stringify({ name }),
        },
      ],
    }),
    run(project, turns, options) {
      // Codex gives an MCP server 10 s to start by default: on a loaded 2-core CI machine
      // the fixture server's Node start took longer, and its tools were never offered
      const configToml = options?.mcp
        ? `[mcp_servers.fixture]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(MARKER_SERVER)}]\ndefault_tools_approval_mode = "approve"\nstartup_timeout_sec = 120\ntool_timeout_sec = 120\n`
        : '';
      // with a model Codex knows, MCP tools hide behind tool_search; a scripted name lists them
      return runCodex(bin as string, project, {
        turns,
        configToml,
        ...(options?.mcp ? { model: 'scripted-model' } : {}),
        ...(options?.post ? { postHookCommand: project.hookCommand('codex') } : {}),
      });
    },
  });
});
