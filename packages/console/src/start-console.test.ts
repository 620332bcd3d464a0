import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConsoleCli } from './cli/run-console-cli.js';
import { startConsole } from './start-console.js';

const ALICE = 'alice-start-token-0123456789';
const AGENT = 'agent-start-token-0123456789';
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'argseal-console-start-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('startConsole', () => {
  it('refuses to start without an approver token and opens no storage', async () => {
    const dataDir = join(tempDir(), 'never');
    await expect(startConsole({ port: 0, dataDir, env: {} })).rejects.toMatchObject({
      code: 'no_approver_tokens',
    });
    await expect(
      startConsole({ port: 0, dataDir, env: { ARGSEAL_CONSOLE_TOKENS: 'alice:weak' } }),
    ).rejects.toMatchObject({
      code: 'weak_token',
    });
    const { existsSync } = await import('node:fs');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('binds 127.0.0.1 by default and keeps proposals in the embedded store across restarts', async () => {
    const dataDir = tempDir();
    const env = {
      ARGSEAL_CONSOLE_TOKENS: `alice:${ALICE}`,
      ARGSEAL_CONSOLE_AGENT_TOKENS: `bot:${AGENT}`,
    };
    const first = await startConsole({ port: 0, dataDir, env });
    expect(first.host).toBe('127.0.0.1');
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.storage).toContain('embedded PGlite');
    const { createConsoleApprovalStore } = await import('./client/approval-store.js');
    const { computeProposalHash } = await import('@argseal/core');
    const { canonicalize } = await import('@argseal/core/data');
    const argsCanonicalJson = canonicalize({ amount: 5 });
    const proposalHash = await computeProposalHash({
      agent: 'bot',
      tool: 'refund',
      argsCanonicalJson,
    });
    const remote = createConsoleApprovalStore({ url: first.url, token: AGENT });
    const stored = await remote.suspend({
      id: 'p-restart',
      agent: 'bot',
      tool: 'refund',
      toolCallId: 'c',
      argsCanonicalJson,
      proposalHash,
      bindingHash: proposalHash,
      parsedArguments: { amount: 5 },
      reason: 'r',
      createdAt: new Date().toISOString(),
    });
    expect(stored.status).toBe('pending');
    await first.close();

    const second = await startConsole({ port: 0, dataDir, env });
    const res = await fetch(`${second.url}/api/proposals/p-restart`, {
      headers: { Authorization: `Bearer ${ALICE}` },
    });
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { proposal: { proposalHash: string } }).proposal.proposalHash,
    ).toBe(proposalHash);
    await second.close();
  }, 60_000);

  it('runConsoleCli: help, bad flags, start and stop', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: (t: string) => out.push(t),
      stderr: (t: string) => err.push(t),
      waitForSignal: false,
    };
    expect((await runConsoleCli(['--help'], io)).code).toBe(0);
    expect(out.join('')).toContain('--database-url URL');
    expect((await runConsoleCli(['--bogus'], io)).code).toBe(2);
    expect((await runConsoleCli(['--port', '70000'], io)).code).toBe(2);
    expect((await runConsoleCli(['--port', '0'], { ...io, env: {} })).code).toBe(1);
    expect(err.join('')).toContain('no_approver_tokens');
    out.length = 0;
    const started = await runConsoleCli(['--port', '0', '--data-dir', tempDir()], {
      ...io,
      env: { ARGSEAL_CONSOLE_TOKENS: `alice:${ALICE}` },
    });
    expect(started.code).toBe(0);
    expect(out.join('')).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(out.join('')).not.toContain(ALICE);
    const login = await fetch(`${started.console!.url}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-security-policy')).toContain("script-src 'self'");
    await started.console!.close();
  }, 60_000);
});
