import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ScriptedProviderTurn } from '@argseal/test-kit/providers';
import { describe, expect, it } from 'vitest';
import { approveProposal } from '../approve/approve.js';
import { makeProject, type TestProject } from './project.js';
import type { HostRun } from './run-claude.js';
import { auditOf } from './store-audit.js';
import { toolResults } from './tool-results.js';

/** How the shared cases drive one real host. */
export interface HostDriver {
  host: 'claude-code' | 'codex';
  /** A model turn calling the host's shell tool with `command`. */
  bash(id: string, command: string): ScriptedProviderTurn;
  /** A model turn calling the fixture MCP server's `write_marker`. */
  mcp(id: string, name: string): ScriptedProviderTurn;
  run(
    project: TestProject,
    turns: ScriptedProviderTurn[],
    /** `post`: the hook also runs as the host's PostToolUse (+ PostToolUseFailure) hook. */
    options?: { mcp?: boolean; variant?: boolean; post?: boolean },
  ): Promise<HostRun>;
}

/** The config every case starts from. */
export const BASE_CONFIG = {
  agent: 'host-test',
  // generous: many host processes share two cores while the suites run
  timeoutMs: 90_000,
  default: 'deny',
  presets: { bash: true, files: true, mcp: { servers: { fixture: 'allow' } } },
  rules: [
    { tool: 'Bash', onlyCommands: ['touch', 'ls'], decision: 'allow' },
    {
      tool: 'Bash',
      command: 'mkdir',
      decision: 'require_approval',
      reason: 'mkdir_needs_approval',
    },
  ],
};

const DONE: ScriptedProviderTurn = { text: 'done' };
const PROPOSAL = /proposal ([0-9a-f-]{36})/;

const audit = (p: TestProject) => auditOf(p.dataDir);

function proposalIn(r: HostRun): string {
  const text = toolResults(r.requests).join('\n');
  expect(text, `host exit ${r.status}: ${r.stderr.slice(-800)} ${r.stdout.slice(-800)}`).toContain(
    'approval required (mkdir_needs_approval)',
  );
  return (PROPOSAL.exec(text) as RegExpExecArray)[1] as string;
}

const approve = (p: TestProject, id: string) =>
  approveProposal({ id, approver: 'tester', configPath: p.configPath }, { env: {}, cwd: p.dir });

/** The host x case matrix of issue 17, against one real host. */
export function hostCases(d: HostDriver): void {
  // retry: on two loaded cores a host now and then ends a run with its own API error
  // (terminal_reason "api_error"); each attempt uses a fresh project, store and model server
  describe.concurrent(`${d.host}: the argseal hook with the real host`, { retry: 2 }, () => {
    it('an allowed command runs', async () => {
      const p = makeProject(BASE_CONFIG);
      const r = await d.run(p, [d.bash('call_1', 'touch allowed.txt'), DONE]);
      expect(r.status, r.stderr + r.stdout).toBe(0);
      expect(existsSync(join(p.dir, 'allowed.txt'))).toBe(true);
      const decided = (await audit(p)).filter((x) => x.type === 'decided');
      expect(decided.map((x) => [x.tool, x.decision])).toEqual([['Bash', 'allow']]);
    });

    it('a denied command does not run', async () => {
      const p = makeProject(BASE_CONFIG);
      // variant: the other documented way to install the hook (Codex: config.toml instead of hooks.json)
      const r = await d.run(p, [d.bash('call_1', 'touch denied.txt && rm -rf scratch'), DONE], {
        variant: true,
      });
      expect(existsSync(join(p.dir, 'denied.txt'))).toBe(false);
      expect(toolResults(r.requests).join('\n')).toContain('argseal: denied (bash_destructive');
    });

    it('require_approval blocks; approved by id the identical retry runs once, the next is blocked', async () => {
      const p = makeProject(BASE_CONFIG);
      const dir = join(p.dir, 'approved-dir');
      const first = await d.run(p, [d.bash('call_1', 'mkdir approved-dir'), DONE]);
      expect(existsSync(dir)).toBe(false);
      const id = proposalIn(first);
      await approve(p, id);
      const second = await d.run(p, [d.bash('call_2', 'mkdir approved-dir'), DONE]);
      expect(existsSync(dir), toolResults(second.requests).join('\n')).toBe(true);
      rmSync(dir, { recursive: true });
      const third = await d.run(p, [d.bash('call_3', 'mkdir approved-dir'), DONE]);
      expect(existsSync(dir)).toBe(false);
      expect(proposalIn(third)).not.toBe(id);
      const consumed = (await audit(p)).filter((x) => x.type === 'approval_consumed');
      expect(consumed.map((x) => x.proposalId)).toEqual([id]);
    });

    it('PostToolUse records that the approved and the allowed call ran (executed, no payload)', async () => {
      const p = makeProject(BASE_CONFIG);
      const id = proposalIn(await d.run(p, [d.bash('call_1', 'mkdir ran-dir'), DONE]));
      await approve(p, id);
      const r = await d.run(
        p,
        [d.bash('call_2', 'mkdir ran-dir'), d.bash('call_3', 'ls no-such-dir'), DONE],
        { post: true },
      );
      expect(existsSync(join(p.dir, 'ran-dir')), r.stderr.slice(-800)).toBe(true);
      const all = await audit(p);
      const consumed = all.find((x) => x.type === 'approval_consumed');
      // the second run's decisions: call_2 (approval required, grant consumed), call_3 (allowed)
      const allowed = all.filter((x) => x.type === 'decided' && x.toolCallId !== 'call_1');
      const executed = all.filter((x) => x.type === 'executed');
      expect(executed.map((x) => [x.toolCallId, x.proposalHash])).toEqual(
        allowed.map((x) => [x.toolCallId, x.proposalHash]),
      );
      expect(executed[0]?.proposalHash).toBe(consumed?.proposalHash);
      // Claude Code reports success and the exit status; Codex only that the tool returned
      // each executed record names the decision that allowed it
      // call_2 ran on its grant (approval_consumed), call_3 on a policy allow
      expect(allowed.map((x) => x.decision)).toEqual(['require_approval', 'allow']);
      const matched = [consumed, allowed[1]].map((x) => ({
        submittedBy: 'argseal-hook',
        match: 'allowed',
        decisionSeq: x?.seq,
        decisionHash: x?.hash,
      }));
      expect(executed.map((x) => x.data)).toEqual(
        d.host === 'claude-code'
          ? [
              {
                host: d.host,
                event: 'PostToolUse',
                outcome: 'succeeded',
                exitCode: 0,
                ...matched[0],
              },
              {
                host: d.host,
                event: 'PostToolUseFailure',
                outcome: 'failed',
                exitCode: 2,
                ...matched[1],
              },
            ]
          : [
              { host: d.host, event: 'PostToolUse', outcome: 'completed', ...matched[0] },
              { host: d.host, event: 'PostToolUse', outcome: 'completed', ...matched[1] },
            ],
      );
      expect(JSON.stringify(executed)).not.toContain('ran-dir');
    });

    it('a changed command after approval is blocked (a new proposal)', async () => {
      const p = makeProject(BASE_CONFIG);
      const id = proposalIn(await d.run(p, [d.bash('call_1', 'mkdir first-dir'), DONE]));
      await approve(p, id);
      const changed = await d.run(p, [d.bash('call_2', 'mkdir other-dir'), DONE]);
      expect(existsSync(join(p.dir, 'other-dir'))).toBe(false);
      expect(proposalIn(changed)).not.toBe(id);
    });

    it('a rewrite runs the rewritten command, audited with the original', async () => {
      const module = `const config = __CONFIG__;
export default { ...config, rewrite: { hooks: [({ tool, arguments: a }) =>
  tool === 'Bash' && a.command === 'touch original.txt' ? { ...a, command: 'touch rewritten.txt' } : undefined] } };`;
      const p = makeProject(BASE_CONFIG, module);
      await d.run(p, [d.bash('call_1', 'touch original.txt'), DONE]);
      expect(existsSync(join(p.dir, 'rewritten.txt'))).toBe(true);
      expect(existsSync(join(p.dir, 'original.txt'))).toBe(false);
      const rewritten = (await audit(p)).find((x) => x.type === 'rewritten');
      expect(rewritten?.originalArguments).toContain('touch original.txt');
      expect(rewritten?.argsCanonicalJson).toContain('touch rewritten.txt');
    });

    it('a crashing hook blocks', async () => {
      const p = makeProject(
        BASE_CONFIG,
        'throw new Error("config module crashed"); export default __CONFIG__;',
      );
      const r = await d.run(p, [d.bash('call_1', 'touch crash.txt'), DONE]);
      expect(existsSync(join(p.dir, 'crash.txt'))).toBe(false);
      expect(toolResults(r.requests).join('\n')).toContain(
        'argseal hook: blocked (config/config_module_failed)',
      );
    });

    it('an MCP tool call goes through the hook (allowed runs, denied does not)', async () => {
      const allowed = makeProject(BASE_CONFIG);
      await d.run(allowed, [d.mcp('call_1', 'mcp-allowed.txt'), DONE], { mcp: true });
      expect(existsSync(join(allowed.dir, 'mcp-allowed.txt'))).toBe(true);
      const seen = (await audit(allowed))
        .filter((x) => x.type === 'decided')
        .map((x) => [x.tool, x.decision]);
      expect(seen).toEqual([['mcp__fixture__write_marker', 'allow']]);
      const denied = makeProject({
        ...BASE_CONFIG,
        presets: { mcp: { servers: { fixture: 'deny' } } },
      });
      await d.run(denied, [d.mcp('call_1', 'mcp-denied.txt'), DONE], { mcp: true });
      expect(existsSync(join(denied.dir, 'mcp-denied.txt'))).toBe(false);
    });
  });
}
