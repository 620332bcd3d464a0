// Claude Code (print mode, --mcp-config, loopback fake model) drives `argseal mcp` in front of server-filesystem.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRealHost } from '@argseal/test-kit/hosts';
import { describe, expect, it } from 'vitest';
import { CLAUDE, haveClaude, workspace } from './__fixtures__/mcp-hosts.js';

describe.skipIf(!haveClaude())(
  'Claude Code (--mcp-config) -> argseal mcp -> server-filesystem',
  () => {
    async function claude(
      w: Awaited<ReturnType<typeof workspace>>,
      args: { path: string; content: string },
    ) {
      const mcpConfig = join(w.dir, 'mcp.json');
      writeFileSync(
        mcpConfig,
        JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: w.proxyArgs } } }),
      );
      const run = await runRealHost({
        host: 'claude-code',
        bin: CLAUDE,
        cwd: w.dir,
        home: mkdtempSync(join(tmpdir(), 'argseal-claude-home-')),
        prompt: 'write the file',
        turns: [
          {
            toolCalls: [
              { id: 'toolu_w1', name: 'mcp__fs__write_file', arguments: JSON.stringify(args) },
            ],
          },
          { text: 'done' },
        ],
        args: ['--mcp-config', mcpConfig, '--strict-mcp-config', '--dangerously-skip-permissions'],
        env: { IS_SANDBOX: '1', MCP_TIMEOUT: '60000' },
        timeoutMs: 120_000,
      });
      expect(run.status, run.stderr.slice(-800)).toBe(0);
      return run.requests.map((r) => r.bodyText).join('\n');
    }

    it('write_file is suspended, approved in the store, and the identical retry writes exactly that content', {
      timeout: 300_000,
    }, async () => {
      const w = await workspace();
      const target = join(w.root, 'approved.txt');
      const args = { path: target, content: 'approved by alice\n' };
      const first = await claude(w, args);
      expect(first).toContain('approval required');
      expect(existsSync(target)).toBe(false);

      const { openMcpStores } = await import('@argseal/mcp');
      const stores = await openMcpStores({ dataDir: w.data });
      const [pending] = await stores.approvals.listPending();
      expect(pending?.argsCanonicalJson).toBe(
        JSON.stringify({ content: args.content, path: target }),
      );
      await stores.approvals.decide(pending!.proposalHash, {
        decision: 'approve',
        approver: 'alice',
        proposalId: pending!.id,
      });
      await stores.close();

      const swapped = await claude(w, { ...args, content: 'swapped\n' });
      expect(swapped).toContain('approval required');
      expect(existsSync(target)).toBe(false);

      await claude(w, args);
      expect(readFileSync(target, 'utf8')).toBe('approved by alice\n');
    });
  },
);
