import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningConsole, startConsole } from '@argseal/console';
import {
  type AuditRecord,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  type StoredProposal,
} from '@argseal/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runConsoleDemo } from './console-demo.js';
import { CONSOLE_AGENT } from './console-options.js';

const APPROVER = 'alice-example-token-0123456789';
const AGENT_TOKEN = 'agent-example-token-0123456789';
const CWD = fileURLToPath(new URL('..', import.meta.url));
const REFUND = { orderId: 'A-1001', amount: 12000, currency: 'EUR' };

let running: RunningConsole;

beforeEach(async () => {
  const audit = createMemoryAuditLog();
  running = await startConsole({
    port: 0,
    env: {},
    tokens: { alice: APPROVER },
    agentTokens: { [CONSOLE_AGENT]: AGENT_TOKEN },
    store: createMemoryApprovalStore({ audit }),
    audit,
  });
});
afterEach(async () => {
  await running?.close();
});

/** What an approver sees through the console's own API (bearer approver token). */
async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${running.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${APPROVER}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json();
}

const proposals = async (status = 'all'): Promise<StoredProposal[]> =>
  (await api('GET', `/api/proposals?status=${status}`)).proposals;

/** Waits for the example's proposal; `failed` reports why the example stopped early. */
async function firstPending(failed: () => string | undefined = () => undefined) {
  for (;;) {
    const [pending] = await proposals('pending');
    if (pending) return pending;
    const why = failed();
    if (why !== undefined) throw new Error(why);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const decide = (p: StoredProposal, decision: 'approve' | 'reject') =>
  api('POST', `/api/proposals/${encodeURIComponent(p.id)}/decision`, {
    decision,
    proposalHash: p.proposalHash,
    note: `${decision} from the example test`,
  });

async function auditTypes(): Promise<{ ok: boolean; types: string[] }> {
  const { verification, records } = await api('GET', '/api/audit?limit=1000');
  return { ok: verification.ok, types: (records as AuditRecord[]).map((r) => r.type).reverse() };
}

describe('ai-sdk-refund example in console mode', () => {
  it('runs as a process (`pnpm start --console URL`): pauses, an approver approves, the refund runs once', {
    timeout: 60_000,
  }, async () => {
    const env = {
      ...process.env,
      OPENAI_API_KEY: '',
      NO_COLOR: '1',
      ARGSEAL_CONSOLE_URL: '',
      ARGSEAL_CONSOLE_AGENT_TOKEN: AGENT_TOKEN,
    };
    const child = spawn(
      'pnpm',
      ['run', '--silent', 'start', '--console', running.url, '--timeout', '60'],
      { cwd: CWD, env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    const failed = () =>
      child.exitCode !== null ? `example exited ${child.exitCode}: ${stdout}${stderr}` : undefined;
    const pending = await firstPending(failed);
    expect(pending).toMatchObject({
      agent: CONSOLE_AGENT,
      tool: 'refund',
      status: 'pending',
      reason: 'money_above_approval_threshold',
    });
    expect(JSON.parse(pending.argsCanonicalJson)).toEqual({ ...REFUND, reason: 'arrived damaged' });
    for (;;) {
      if (stdout.includes('approve it in the console')) break;
      if (failed()) throw new Error(failed());
      await new Promise((r) => setTimeout(r, 50));
    }
    // Nothing ran while it waits; it prints the proposal an approver will see.
    expect(stdout).toContain(`proposal ${pending.id}`);
    expect(stdout).toContain(`hash     ${pending.proposalHash}`);
    expect(stdout).not.toContain('executed refund');

    await decide(pending, 'approve');
    expect(await exited, stderr).toBe(0);
    expect(stdout).toContain('approved in the console by alice');
    expect(stdout).toContain(`executed refund once: ${JSON.stringify([REFUND])}`);
    const [after] = await proposals('all');
    expect(after).toMatchObject({ id: pending.id, status: 'consumed', decidedBy: 'alice' });
    const trail = await auditTypes();
    expect(trail.ok).toBe(true);
    expect(trail.types.filter((t) => t === 'executed')).toHaveLength(2); // lookup + the refund
    expect(
      trail.types.filter((t) => ['approval_granted', 'approval_consumed'].includes(t)),
    ).toEqual(['approval_granted', 'approval_consumed']);
  });

  it('a rejection in the console holds: the agent resumes and nothing runs', {
    timeout: 30_000,
  }, async () => {
    const lines: string[] = [];
    const run = runConsoleDemo({
      url: running.url,
      token: AGENT_TOKEN,
      timeoutMs: 20_000,
      pollMs: 50,
      model: 'scripted',
      log: (l) => lines.push(l),
    });
    const pending = await firstPending();
    await decide(pending, 'reject');
    const summary = await run;
    expect(summary.outcome).toBe('rejected');
    expect(summary.refunds).toEqual([]);
    expect(summary.decisions).toEqual([
      {
        proposalId: pending.id,
        proposalHash: pending.proposalHash,
        decision: 'reject',
        decidedBy: 'alice',
      },
    ]);
    expect(lines.join('\n')).toContain('rejected: nothing ran');
    expect((await proposals('all')).map((p) => p.status)).toEqual(['rejected']);
    const trail = await auditTypes();
    expect(trail.ok).toBe(true);
    expect(trail.types.filter((t) => t === 'executed')).toHaveLength(1); // only the lookup
    expect(summary.auditRecords).toBe(trail.types.filter((t) => t !== 'approval_rejected').length);
  });

  it('a rejection does not poison later runs: each run has its own tool-call id', {
    timeout: 60_000,
  }, async () => {
    const runOnce = async (decision: 'approve' | 'reject') => {
      const before = new Set((await proposals('all')).map((p) => p.id));
      const run = runConsoleDemo({
        url: running.url,
        token: AGENT_TOKEN,
        timeoutMs: 20_000,
        pollMs: 50,
        model: 'scripted',
        log: () => {},
      });
      let pending: StoredProposal | undefined;
      while (!pending) {
        pending = (await proposals('pending')).find((p) => !before.has(p.id));
        if (!pending) await new Promise((r) => setTimeout(r, 50));
      }
      // a rejection is live for its lifetime (for these exact arguments); a short one here
      await api('POST', `/api/proposals/${encodeURIComponent(pending.id)}/decision`, {
        decision,
        proposalHash: pending.proposalHash,
        ...(decision === 'reject' ? { ttlMs: 1000 } : {}),
      });
      return { pending, summary: await run };
    };
    const first = await runOnce('reject');
    expect(first.summary.outcome).toBe('rejected');
    await new Promise((r) => setTimeout(r, 1200));
    const second = await runOnce('approve');
    expect(second.summary.outcome).toBe('executed');
    expect(second.summary.refunds).toEqual([REFUND]);
    expect(second.pending.toolCallId).not.toBe(first.pending.toolCallId);
    const all = await proposals('all');
    expect(all.map((p) => p.status).sort()).toEqual(['consumed', 'rejected']);
  });

  it('nobody decides in time: nothing runs and the proposal stays pending', {
    timeout: 30_000,
  }, async () => {
    const lines: string[] = [];
    const summary = await runConsoleDemo({
      url: running.url,
      token: AGENT_TOKEN,
      timeoutMs: 300,
      pollMs: 50,
      model: 'scripted',
      log: (l) => lines.push(l),
    });
    expect(summary.outcome).toBe('timeout');
    expect(summary.refunds).toEqual([]);
    expect(summary.decisions).toMatchObject([{ decision: 'timeout' }]);
    expect((await proposals('all')).map((p) => p.status)).toEqual(['pending']);
    expect(lines.join('\n')).toContain('no decision in time: nothing ran');
  });

  it('a wrong agent token is refused before the model runs: nothing is stored', async () => {
    const lines: string[] = [];
    await expect(
      runConsoleDemo({
        url: running.url,
        token: 'not-the-agent-token-0123',
        timeoutMs: 300,
        pollMs: 50,
        model: 'scripted',
        log: (l) => lines.push(l),
      }),
    ).rejects.toMatchObject({ code: 'invalid_token' });
    expect(lines).toEqual([]);
    expect(await proposals('all')).toEqual([]);
    expect((await auditTypes()).types).toEqual([]);
  });

  it('the approver token is not an agent token', async () => {
    await expect(
      runConsoleDemo({
        url: running.url,
        token: APPROVER,
        timeoutMs: 300,
        pollMs: 50,
        model: 'scripted',
        log: () => {},
      }),
    ).rejects.toMatchObject({ code: 'forbidden_role' });
    expect(await proposals('all')).toEqual([]);
  });
});
