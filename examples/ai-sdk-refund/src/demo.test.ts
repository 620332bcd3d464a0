import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';

describe('ai-sdk-refund example', () => {
  it('pauses, approves through the store, executes once, refuses replay and tampering', async () => {
    const lines: string[] = [];
    const summary = await runDemo({ model: 'scripted', log: (l) => lines.push(l) });
    expect(summary.pausedForApproval).toBe(true);
    expect(summary.refunds).toEqual([{ orderId: 'A-1001', amount: 12000 }]);
    expect(summary.deletedCustomers).toEqual([]);
    expect(summary.replayExecutedMore).toBe(false);
    expect(summary.tamperedExecuted).toBe(false);
    expect(summary.tamperedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(summary.tamperedHash).not.toBe(summary.approvedHash);
    expect(summary.auditChainOk).toBe(true);
    expect(lines.join('\n')).toContain('deleting customers is not allowed');
  });

  it('runs as a process with its start script', { timeout: 60_000 }, () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const env = { ...process.env, OPENAI_API_KEY: '', NO_COLOR: '1' };
    const result = spawnSync('pnpm', ['run', '--silent', 'start'], { cwd, env, encoding: 'utf8' });
    expect(result.status, `${result.stderr}${String(result.error ?? '')}`).toBe(0);
    expect(result.stdout).toContain('scripted offline model');
    expect(result.stdout).toContain('chain verified');
  });
});
