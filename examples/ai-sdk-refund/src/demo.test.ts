import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';

describe('ai-sdk-refund example', () => {
  it('pauses, approves through the store, executes once, refuses replay and tampering', async () => {
    const lines: string[] = [];
    const summary = await runDemo({ model: 'scripted', log: (l) => lines.push(l) });
    expect(summary.pausedForApproval).toBe(true);
    expect(summary.refunds).toEqual([{ orderId: 'A-1001', amount: 12000, currency: 'EUR' }]);
    expect(summary.deletedCustomers).toEqual([]);
    expect(summary.replayExecutedMore).toBe(false);
    expect(summary.foreignOrderRefused).toBe(true);
    expect(summary.tamperedExecuted).toBe(false);
    expect(summary.tamperedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(summary.tamperedHash).not.toBe(summary.approvedHash);
    expect(summary.auditChainOk).toBe(true);
    expect(lines.join('\n')).toContain('deleting customers is not allowed');
  });

  it('shows which @argseal/policies rule decided each call', async () => {
    const lines: string[] = [];
    const { decisions } = await runDemo({ model: 'scripted', log: (l) => lines.push(l) });
    const first = (tool: string) => decisions.find((d) => d.tool === tool);
    expect(first('lookup_order')).toEqual({
      tool: 'lookup_order',
      decision: 'allow',
      rule: 'idsFromServerList',
      reason: 'ids_in_server_list',
    });
    expect(first('refund')).toEqual({
      tool: 'refund',
      decision: 'require_approval',
      rule: 'moneyLimit',
      reason: 'money_above_approval_threshold',
    });
    expect(first('delete_customer')).toMatchObject({ decision: 'deny', rule: 'alwaysDeny' });
    // parts 1-5 (including resume, replay and the tampered amount): moneyLimit asks a human;
    // part 6 (an order outside the server's list): idsFromServerList denies.
    expect(
      decisions.filter((d) => d.tool === 'refund').map((d) => `${d.decision} by ${d.rule}`),
    ).toEqual([...Array(5).fill('require_approval by moneyLimit'), 'deny by idsFromServerList']);
    expect(lines.join('\n')).toContain('require_approval by moneyLimit');
    expect(
      decisions.filter((d) => d.rule === 'idsFromServerList' && d.decision === 'deny'),
    ).toEqual([
      {
        tool: 'lookup_order',
        decision: 'deny',
        rule: 'idsFromServerList',
        reason: 'id_not_in_server_list',
      },
      {
        tool: 'refund',
        decision: 'deny',
        rule: 'idsFromServerList',
        reason: 'id_not_in_server_list',
      },
    ]);
  });

  it('runs as a process with its start script', { timeout: 60_000 }, () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const env = { ...process.env, OPENAI_API_KEY: '', NO_COLOR: '1', ARGSEAL_CONSOLE_URL: '' };
    const result = spawnSync('pnpm', ['run', '--silent', 'start'], { cwd, env, encoding: 'utf8' });
    expect(result.status, `${result.stderr}${String(result.error ?? '')}`).toBe(0);
    expect(result.stdout).toContain('scripted offline model');
    expect(result.stdout).toContain('chain verified');
  });
});
