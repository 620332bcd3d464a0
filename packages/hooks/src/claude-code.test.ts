import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostBin } from './__fixtures__/host-bins.js';
import { BASE_CONFIG, hostCases } from './__fixtures__/host-cases.js';
import { HOOK_BIN, MARKER_SERVER, makeProject } from './__fixtures__/project.js';
import { runClaude } from './__fixtures__/run-claude.js';
import { approveProposal, listPendingProposals } from './approve/approve.js';

const bin = hostBin('ARGSEAL_CLAUDE_BIN');

describe.skipIf(!bin)('Claude Code (real host, offline)', { retry: 2 }, () => {
  hostCases({
    host: 'claude-code',
    bash: (id, command) => ({
      toolCalls: [
        { id, name: 'Bash', arguments: JSON.stringify({ command, description: 'test' }) },
      ],
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
          JSON.stringify({
            mcpServers: { fixture: { command: process.execPath, args: [MARKER_SERVER] } },
          }),
        );
        args.push('--mcp-config', file, '--strict-mcp-config');
      }
      return runClaude(bin as string, project, {
        turns,
        args,
        ...(options?.post ? { postHookCommand: project.hookCommand('claude-code') } : {}),
      });
    },
  });

  it('"ask" goes to --permission-prompt-tool: the argseal MCP tool waits for the approval, then the call runs once', async () => {
    const p = makeProject({
      ...BASE_CONFIG,
      hosts: { 'claude-code': { approval: 'ask', waitMs: 60_000 } },
    });
    const mcp = join(p.home, 'argseal-mcp.json');
    const server = {
      command: process.execPath,
      args: [HOOK_BIN, 'permission-server', '--config', p.configPath],
    };
    writeFileSync(mcp, JSON.stringify({ mcpServers: { argseal: server } }));
    const where = { env: {}, cwd: p.dir };
    const run = runClaude(bin as string, p, {
      turns: [
        {
          toolCalls: [{ id: 'toolu_1', name: 'Bash', arguments: '{"command":"mkdir asked-dir"}' }],
        },
        { text: 'done' },
      ],
      args: [
        '--mcp-config',
        mcp,
        '--strict-mcp-config',
        '--permission-prompt-tool',
        'mcp__argseal__approval',
      ],
    });
    let pending = await listPendingProposals(p.configPath, where);
    while (pending.length === 0) {
      await new Promise((r) => setTimeout(r, 200));
      pending = await listPendingProposals(p.configPath, where);
    }
    expect(pending.map((x) => [x.tool, x.argsCanonicalJson])).toEqual([
      ['Bash', '{"command":"mkdir asked-dir"}'],
    ]);
    await approveProposal(
      { id: pending[0]?.id as string, approver: 'tester', configPath: p.configPath },
      where,
    );
    const r = await run;
    expect(r.status).toBe(0);
    expect(existsSync(join(p.dir, 'asked-dir'))).toBe(true);
  });

  it('onFailure "block": a hook that dies with an unexpected exit code still blocks', async () => {
    const p = makeProject(BASE_CONFIG);
    const r = await runClaude(bin as string, p, {
      turns: [
        { toolCalls: [{ id: 'toolu_1', name: 'Bash', arguments: '{"command":"touch died.txt"}' }] },
        { text: 'done' },
      ],
      hookCommand: `${JSON.stringify(process.execPath)} -e "process.exit(1)"`,
    });
    expect(r.status).toBe(0);
    expect(existsSync(join(p.dir, 'died.txt'))).toBe(false);
  });
});
