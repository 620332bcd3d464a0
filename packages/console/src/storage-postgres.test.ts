import { computeProposalHash } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import { ENABLE, noteSkip } from '@argseal/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsoleApprovalStore } from './client/approval-store.js';
import { type RunningConsole, startConsole } from './start-console.js';

const DATABASE_URL = process.env.DATABASE_URL;
const ALICE = 'alice-pg-token-0123456789abc';
const AGENT = 'agent-pg-token-0123456789abc';

if (!DATABASE_URL) {
  noteSkip({
    what: 'PostgreSQL tests',
    missing: 'DATABASE_URL is not set',
    enable: ENABLE.postgres,
  });
}

describe.skipIf(!DATABASE_URL)('console on PostgreSQL (--database-url)', () => {
  let running: RunningConsole | undefined;
  afterAll(async () => {
    await running?.close();
  });

  it('stores proposals and grants in PostgreSQL and refuses a stale hash', async () => {
    running = await startConsole({
      port: 0,
      env: {
        DATABASE_URL,
        ARGSEAL_CONSOLE_TOKENS: `alice:${ALICE}`,
        ARGSEAL_CONSOLE_AGENT_TOKENS: `bot:${AGENT}`,
      },
    });
    expect(running.storage).toMatch(/^PostgreSQL at postgres(ql)?:\/\//);
    expect(running.storage).not.toContain('@');
    const args = canonicalize({ amount: 42, run: `${Date.now()}-${Math.random()}` });
    const proposalHash = await computeProposalHash({
      agent: 'bot',
      tool: 'refund',
      argsCanonicalJson: args,
    });
    const remote = createConsoleApprovalStore({ url: running.url, token: AGENT });
    const stored = await remote.suspend({
      id: `pg-${proposalHash.slice(0, 16)}`,
      agent: 'bot',
      tool: 'refund',
      toolCallId: 'c1',
      argsCanonicalJson: args,
      proposalHash,
      bindingHash: proposalHash,
      parsedArguments: JSON.parse(args),
      reason: 'needs approval',
      createdAt: new Date().toISOString(),
    });
    const decide = (hash: string) =>
      fetch(`${running!.url}/api/proposals/${stored.id}/decision`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ALICE}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ decision: 'approve', proposalHash: hash }),
      });
    expect((await decide('0'.repeat(64))).status).toBe(409);
    expect((await remote.peek(proposalHash)).live).toBe(false);
    expect((await decide(proposalHash)).status).toBe(200);
    expect((await remote.consume(proposalHash, { agent: 'bot' })).ok).toBe(true);
    expect((await remote.consume(proposalHash, { agent: 'bot' })).ok).toBe(false);
    expect((await decide(proposalHash)).status).toBe(409);
  }, 60_000);
});
