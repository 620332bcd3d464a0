import {
  type ApprovalStore,
  type AuditSink,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
} from '@argseal/core';
import { describePostgres } from '@argseal/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AGENT,
  AGENT_NAME,
  ALICE,
  OTHER_AGENT,
  refundTool,
} from './__fixtures__/console-fixture.js';
import { inProcessFetch } from './__fixtures__/in-process-fetch.js';
import { createConsoleApprovalStore } from './client/approval-store.js';
import { createConsoleServer } from './create-console-server.js';
import { openConsoleStorage } from './storage.js';

// Issue 14 item 2: the console checked grant ownership only in a peek before consuming, so a
// grant approved between the two round trips was spent by whichever agent token asked.

function consoleOver(store: ApprovalStore, audit: AuditSink) {
  const app = createConsoleServer({
    store,
    audit,
    tokens: { alice: ALICE },
    agentTokens: { [AGENT_NAME]: AGENT, 'other-bot': OTHER_AGENT },
  });
  const post = async (path: string, token: string, body: unknown): Promise<Response> =>
    await app.request(`http://127.0.0.1:7407${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const executed: unknown[] = [];
  const victim = createAuthorizer({
    agent: AGENT_NAME,
    policy: () => ({ type: 'require_approval', reason: 'refunds need a person' }),
    approvals: createConsoleApprovalStore({
      url: 'http://127.0.0.1:7407',
      token: AGENT,
      fetch: inProcessFetch(app),
    }),
    audit,
  });
  return { post, victim, tool: refundTool(executed), executed };
}

async function suspended(cx: ReturnType<typeof consoleOver>, raw: string) {
  const first = await cx.victim.call(cx.tool, raw, { toolCallId: `t-${Math.random()}` });
  if (first.status !== 'suspended') throw new Error(`expected suspended, got ${first.status}`);
  return first.proposal;
}

const approve = (cx: ReturnType<typeof consoleOver>, p: { id: string; proposalHash: string }) =>
  cx.post(`/api/proposals/${p.id}/decision`, ALICE, {
    decision: 'approve',
    proposalHash: p.proposalHash,
  });

describe('agent-bound consume through the console', () => {
  it('a grant approved between the ownership peek and the consume is not spent by another agent', async () => {
    const audit = createMemoryAuditLog();
    const inner = createMemoryApprovalStore({ audit });
    let betweenPeekAndConsume: (() => Promise<unknown>) | undefined;
    // The approver's click lands exactly between the route's peek and its consume.
    const store: ApprovalStore = {
      ...inner,
      listPending: () => inner.listPending(),
      async peek(hash) {
        const seen = await inner.peek(hash);
        const hook = betweenPeekAndConsume;
        betweenPeekAndConsume = undefined;
        await hook?.();
        return seen;
      },
    };
    const cx = consoleOver(store, audit);
    const raw = '{"orderId":"o-race","amount":900}';
    const p = await suspended(cx, raw);
    betweenPeekAndConsume = async () => expect((await approve(cx, p)).status).toBe(200);
    const stolen = await cx.post('/api/agent/consume', OTHER_AGENT, { bindingHash: p.bindingHash });
    expect(await stolen.json()).toEqual({ ok: false, reason: 'no_grant' });
    expect(betweenPeekAndConsume).toBeUndefined();
    expect(await inner.peek(p.bindingHash)).toMatchObject({ live: true, grant: { usesLeft: 1 } });
    // the victim's resume runs once, and approval_consumed is recorded
    const resumed = await cx.victim.call(cx.tool, raw, { toolCallId: 't-resume' });
    expect(resumed.status).toBe('executed');
    expect(cx.executed).toEqual([{ orderId: 'o-race', amount: 900 }]);
    const consumed = (await audit.records()).filter((r) => r.type === 'approval_consumed');
    expect(consumed).toMatchObject([{ agent: AGENT_NAME, proposalId: p.id, approver: 'alice' }]);
    expect((await inner.getProposal(p.id))?.status).toBe('consumed');
  });

  it('a consume naming another agent is 403 agent_mismatch; a bad agent is 400 invalid_agent', async () => {
    const audit = createMemoryAuditLog();
    const inner = createMemoryApprovalStore({ audit });
    const cx = consoleOver(inner, audit);
    const p = await suspended(cx, '{"orderId":"o-named","amount":300}');
    await approve(cx, p);
    const before = JSON.stringify(await inner.peek(p.bindingHash));
    const cases: [unknown, number, string][] = [
      [AGENT_NAME, 403, 'agent_mismatch'],
      ['', 400, 'invalid_agent'],
      [7, 400, 'invalid_agent'],
    ];
    for (const [agent, status, code] of cases) {
      const res = await cx.post('/api/agent/consume', OTHER_AGENT, {
        bindingHash: p.bindingHash,
        agent,
      });
      expect(res.status, code).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(JSON.stringify(await inner.peek(p.bindingHash))).toBe(before);
  });
});

describePostgres('agent-bound consume through the console on PostgreSQL', (url) => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
  });

  it('two agents x 24 parallel consumers racing each approval: the victim always resumes', async () => {
    const storage = await openConsoleStorage({ storage: 'postgres', databaseUrl: url });
    close = () => storage.close();
    const cx = consoleOver(storage.store, storage.audit);
    for (let round = 0; round < 8; round++) {
      const raw = JSON.stringify({ orderId: `o-${Date.now()}-${round}`, amount: 100 + round });
      const p = await suspended(cx, raw);
      const steal = () =>
        cx
          .post('/api/agent/consume', OTHER_AGENT, { bindingHash: p.bindingHash })
          .then((r) => r.json() as Promise<{ ok: boolean }>);
      const early = Array.from({ length: 12 }, steal);
      const decided = approve(cx, p);
      const late = Array.from({ length: 12 }, steal);
      const results = await Promise.all([...early, ...late]);
      expect((await decided).status).toBe(200);
      expect(results.filter((r) => r.ok)).toEqual([]);
      const resumed = await cx.victim.call(cx.tool, raw, { toolCallId: `t-${round}` });
      expect(resumed.status, `round ${round}`).toBe('executed');
      const consumed = (await storage.audit.records()).filter(
        (r) => r.type === 'approval_consumed' && r.proposalId === p.id,
      );
      expect(consumed).toHaveLength(1);
    }
    expect(cx.executed).toHaveLength(8);
  }, 120_000);
});
