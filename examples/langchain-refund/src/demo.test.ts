import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';

describe('langchain-refund example', () => {
  it('approve, edit and reject by proposal hash; tampered and replayed resumes refused', async () => {
    const lines: string[] = [];
    const summary = await runDemo({ log: (l) => lines.push(l) });
    expect(summary.pausedForApproval).toBe(true);
    expect(summary.refunds).toEqual([
      { orderId: 'A-1001', amountMinor: 12000 },
      { orderId: 'B-2002', amountMinor: 8000 },
    ]);
    expect(summary.deletedCustomers).toEqual([]);
    expect(summary.tamperedRefusals).toContain('decision_not_pending');
    expect(summary.replayRefusals).toEqual(['stale_decision']);
    expect(summary.editSupersedesOriginal).toBe(true);
    expect(summary.rejectionToldModel).toBe(true);
    expect(summary.auditChainOk).toBe(true);
    expect(lines.join('\n')).toContain('deleting customers is not allowed');
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
  });
});
