import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';
import { type SupportContext, supportPolicy } from './policy.js';

describe('langchain-refund example', () => {
  it('approve, edit and reject by proposal hash; tampered and replayed resumes refused', async () => {
    const lines: string[] = [];
    const summary = await runDemo({ log: (l) => lines.push(l) });
    expect(summary.pausedForApproval).toBe(true);
    expect(summary.refunds).toEqual([
      { orderId: 'A-1001', amountMinor: 12000, currency: 'EUR' },
      { orderId: 'B-2002', amountMinor: 8000, currency: 'EUR' },
    ]);
    expect(summary.deletedCustomers).toEqual([]);
    expect(summary.tamperedRefusals).toContain('decision_not_pending');
    expect(summary.replayRefusals).toEqual(['approval_used_up']);
    expect(summary.editSupersedesOriginal).toBe(true);
    expect(summary.rejectionToldModel).toBe(true);
    expect(summary.auditChainOk).toBe(true);
    expect(summary.foreignRefused).toBe(true);
    expect(lines.join('\n')).toContain('deleting customers is not allowed');
  });

  it('shows which @argseal/policies rule decided each call', async () => {
    const lines: string[] = [];
    const { decisions } = await runDemo({ log: (l) => lines.push(l) });
    const rulesOf = (tool: string) => [
      ...new Set(decisions.filter((d) => d.tool === tool).map((d) => `${d.decision} by ${d.rule}`)),
    ];
    expect(rulesOf('lookup_order')).toEqual(['allow by idsFromServerList']);
    expect(rulesOf('delete_customer')).toEqual(['deny by alwaysDeny']);
    // every refund asks moneyLimit; the one for an unlisted order is denied by idsFromServerList
    expect(rulesOf('refund')).toEqual([
      'require_approval by moneyLimit',
      'deny by idsFromServerList',
    ]);
    expect(decisions.at(-1)).toEqual({
      tool: 'refund',
      decision: 'deny',
      rule: 'idsFromServerList',
      reason: 'id_not_in_server_list',
    });
    expect(lines.join('\n')).toContain(
      'require_approval by moneyLimit (money_above_approval_threshold)',
    );
  });

  it.each([
    ['an empty user', { agentUser: '', customerOrderIds: ['A-1001'] }],
    ['no context', undefined],
  ])('denies every call with %s (no signed-in support user)', async (_, context) => {
    const decision = await supportPolicy({
      agent: 'support-bot',
      tool: 'lookup_order',
      toolCallId: 'call_1',
      rawArguments: '{"orderId":"A-1001"}',
      requestedArguments: { orderId: 'A-1001' },
      parsedArguments: { orderId: 'A-1001' },
      argsCanonicalJson: '{"orderId":"A-1001"}',
      proposalHash: '0'.repeat(64),
      context: context as SupportContext | undefined,
    });
    expect(decision).toMatchObject({ type: 'deny', reason: 'no signed-in support user' });
    expect(decision.trace?.[0]).toMatchObject({ rule: 'signedIn', decision: 'deny' });
  });

  it('runs as a process with its start script', { timeout: 60_000 }, () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const result = spawnSync('pnpm', ['run', '--silent', 'start'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    expect(result.status, `${result.stderr}${String(result.error ?? '')}`).toBe(0);
    expect(result.stdout).toContain('scripted tool-calling model');
    expect(result.stdout).toContain('chain verified');
    expect(result.stdout).toContain('policy deny by idsFromServerList (id_not_in_server_list)');
  });
});
