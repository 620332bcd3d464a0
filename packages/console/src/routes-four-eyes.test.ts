import { computeProposalHash } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import {
  AGENT,
  AGENT_NAME,
  ALICE,
  BOB,
  CAROL,
  errorCode,
  makeConsole,
} from './__fixtures__/console-fixture.js';
import { inProcessFetch } from './__fixtures__/in-process-fetch.js';
import { createConsoleApprovalStore } from './client/approval-store.js';

/** A console whose approvers alice, bob and carol are in groups; proposals come over HTTP. */
function fourEyesConsole() {
  const cx = makeConsole({ approverGroups: { finance: ['alice', 'bob'], support: ['carol'] } });
  const agent = createConsoleApprovalStore({
    url: 'http://127.0.0.1:7407',
    token: AGENT,
    fetch: inProcessFetch(cx.app),
  });
  let n = 0;
  async function submit(approvals: Record<string, unknown>, requester?: string) {
    const argsCanonicalJson = `{"amount":${++n * 100},"orderId":"o-${n}"}`;
    const hash = await computeProposalHash({
      agent: AGENT_NAME,
      tool: 'refund',
      argsCanonicalJson,
    });
    return agent.suspend({
      id: `p-${n}-${Math.random()}`,
      agent: AGENT_NAME,
      tool: 'refund',
      toolCallId: `call-${n}`,
      argsCanonicalJson,
      proposalHash: hash,
      bindingHash: hash,
      parsedArguments: JSON.parse(argsCanonicalJson),
      reason: 'refunds need two people',
      createdAt: new Date().toISOString(),
      approvals: approvals as never,
      ...(requester !== undefined ? { requester } : {}),
    });
  }
  const decide = (token: string, p: { id: string; proposalHash: string }, body = {}) =>
    cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token,
      body: { decision: 'approve', proposalHash: p.proposalHash, ...body },
    });
  return { ...cx, agent, submit, decide };
}

describe('four eyes over the console HTTP API', () => {
  it('a vote answers 1 of 2 and nothing to consume; the second distinct approver makes it live', async () => {
    const cx = fourEyesConsole();
    const p = await cx.submit({ required: 2, group: 'finance' });
    expect(p.approvals).toEqual({ required: 2, group: 'finance', received: [] });
    const first = await cx.decide(ALICE, p);
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      grant: { usesLeft: number; approvals: { received: { approver: string }[] } };
      proposal: { status: string; approvals: { received: unknown[] } };
    };
    expect(body.grant.usesLeft).toBe(0);
    expect(body.grant.approvals.received.map((v) => v.approver)).toEqual(['alice']);
    expect(body.proposal.status).toBe('pending');
    expect(await cx.agent.consume(p.bindingHash, { agent: AGENT_NAME })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    expect((await cx.agent.getProposal(p.id))?.approvals?.received).toHaveLength(1);
    expect((await cx.decide(BOB, p)).status).toBe(200);
    expect((await cx.agent.consume(p.bindingHash, { agent: AGENT_NAME })).ok).toBe(true);
  });

  it('refusals have exact codes and statuses and change nothing', async () => {
    const cx = fourEyesConsole();
    const p = await cx.submit({ required: 2, group: 'finance', excludeRequester: true }, 'bob');
    await cx.decide(ALICE, p);
    const before = await cx.snapshot();
    const cases: [string, Record<string, unknown>, number, string][] = [
      [ALICE, {}, 409, 'duplicate_approval'],
      [BOB, {}, 403, 'requester_cannot_approve'],
      [CAROL, {}, 403, 'approver_not_in_group'],
      [CAROL, { decision: 'reject' }, 403, 'approver_not_in_group'],
      // the approver's groups come from the console's configuration, never from the body
      [CAROL, { groups: ['finance'] }, 400, 'unknown_field'],
    ];
    for (const [token, extra, status, code] of cases) {
      const res = await cx.decide(token, p, extra);
      expect([res.status, await errorCode(res)]).toEqual([status, code]);
    }
    expect(await cx.snapshot()).toBe(before);
  });

  it('the agent API refuses bad four-eyes fields with exact codes; nothing is stored', async () => {
    const cx = fourEyesConsole();
    const before = await cx.snapshot();
    for (const [approvals, requester, code] of [
      [{ required: 0 }, undefined, 'invalid_approvals'],
      [{ required: 2, extra: true }, undefined, 'invalid_approvals'],
      [{ excludeRequester: true }, undefined, 'requester_required'],
      [{ required: 2 }, '', 'invalid_requester'],
    ] as const) {
      await expect(cx.submit(approvals, requester)).rejects.toMatchObject({ code });
    }
    expect(await cx.snapshot()).toBe(before);
  });

  it('GET /api/session names the approver groups the page uses', async () => {
    const cx = fourEyesConsole();
    const res = await cx.request('GET', '/api/session', { token: ALICE });
    expect(((await res.json()) as { groups: string[] }).groups).toEqual(['finance']);
  });
});
