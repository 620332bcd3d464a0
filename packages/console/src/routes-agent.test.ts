import { ApprovalError, computeProposalHash, createAuthorizer } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import { describe, expect, it } from 'vitest';
import {
  AGENT,
  AGENT_NAME,
  ALICE,
  errorCode,
  makeConsole,
  OTHER_AGENT,
} from './__fixtures__/console-fixture.js';
import { inProcessFetch } from './__fixtures__/in-process-fetch.js';
import { createConsoleApprovalStore } from './client/approval-store.js';
import { createConsoleAuditSink } from './client/audit-sink.js';
import { ConsoleError } from './errors.js';

const URL_ = 'http://127.0.0.1:7407';

function remote(cx: ReturnType<typeof makeConsole>, token = AGENT) {
  const fetch = inProcessFetch(cx.app);
  return {
    store: createConsoleApprovalStore({ url: URL_, token, fetch }),
    audit: createConsoleAuditSink({ url: URL_, token, fetch }),
  };
}

async function proposalFor(
  agent: string,
  args: Record<string, unknown> = { orderId: 'o-1', amount: 5 },
) {
  const argsCanonicalJson = canonicalize(args as never);
  const proposalHash = await computeProposalHash({ agent, tool: 'refund', argsCanonicalJson });
  return {
    id: `p-${Math.random().toString(36).slice(2)}`,
    agent,
    tool: 'refund',
    toolCallId: 'c-1',
    argsCanonicalJson,
    proposalHash,
    bindingHash: proposalHash,
    parsedArguments: JSON.parse(argsCanonicalJson),
    reason: 'needs approval',
    createdAt: new Date().toISOString(),
  };
}

describe('agent API through createConsoleApprovalStore', () => {
  it('an agent in another process suspends, an approver decides in the console, the agent resumes once', async () => {
    const cx = makeConsole();
    const { store, audit } = remote(cx);
    const authorizer = createAuthorizer({
      agent: AGENT_NAME,
      policy: () => ({ type: 'require_approval', reason: 'refunds need a person' }),
      approvals: store,
      audit,
    });
    const raw = '{"orderId":"o-7","amount":70}';
    const first = await authorizer.call(cx.tool, raw, { toolCallId: 't1' });
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(await cx.store.findPending(first.proposal.proposalHash)).toMatchObject({
      id: first.proposal.id,
    });
    await expect(
      store.decide(first.proposal.proposalHash, { decision: 'approve', approver: AGENT_NAME }),
    ).rejects.toMatchObject({
      code: 'decide_not_allowed',
    });
    const decided = await cx.request('POST', `/api/proposals/${first.proposal.id}/decision`, {
      token: ALICE,
      body: { decision: 'approve', proposalHash: first.proposal.proposalHash },
    });
    expect(decided.status).toBe(200);
    expect(await store.peek(first.proposal.bindingHash)).toMatchObject({ live: true });
    const resumed = await authorizer.call(cx.tool, raw, {
      toolCallId: 't2',
      resumeOf: first.proposal.proposalHash,
    });
    expect(resumed.status).toBe('executed');
    expect(cx.executed).toEqual([{ orderId: 'o-7', amount: 70 }]);
    const again = await authorizer.call(cx.tool, raw, { toolCallId: 't3' });
    expect(again.status).toBe('suspended');
    expect(cx.executed).toHaveLength(1);
    const trail = (await (await cx.request('GET', '/api/audit', { token: ALICE })).json()) as {
      verification: { ok: boolean };
      records: { type: string; data?: { submittedBy?: string } }[];
    };
    expect(trail.verification.ok).toBe(true);
    const types = trail.records.map((r) => r.type).reverse();
    expect(types).toEqual(
      expect.arrayContaining([
        'approval_requested',
        'approval_granted',
        'approval_consumed',
        'executed',
      ]),
    );
    expect(trail.records.find((r) => r.type === 'executed')?.data?.submittedBy).toBe(AGENT_NAME);
  });

  it('an agent token cannot decide, log in, or read the approver API', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const before = await cx.snapshot();
    const decide = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: AGENT,
      body: { decision: 'approve', proposalHash: p.proposalHash },
    });
    expect(decide.status).toBe(403);
    expect(await errorCode(decide)).toBe('forbidden_role');
    expect((await cx.request('POST', '/api/session', { body: { token: AGENT } })).status).toBe(403);
    expect(await cx.snapshot()).toBe(before);
  });

  it('approver tokens and missing or unknown tokens are refused on the agent API', async () => {
    const cx = makeConsole();
    const p = await proposalFor(AGENT_NAME);
    const cases: [string | undefined, number, string][] = [
      [ALICE, 403, 'forbidden_role'],
      [undefined, 401, 'unauthenticated'],
      ['unknown-token-0123456789abc', 401, 'invalid_token'],
    ];
    for (const [token, status, code] of cases) {
      const res = await cx.request('POST', '/api/agent/proposals', {
        ...(token ? { token } : {}),
        body: p,
      });
      expect(res.status, code).toBe(status);
      expect(await errorCode(res)).toBe(code);
    }
    expect(await cx.store.listProposals({ status: 'all' })).toEqual([]);
  });

  it('a submitted proposal must be what its hash binds, for the token agent', async () => {
    const cx = makeConsole();
    const { store } = remote(cx);
    const good = await proposalFor(AGENT_NAME);
    const cases: [Record<string, unknown>, string][] = [
      [await proposalFor('someone-else'), 'agent_mismatch'],
      [{ ...good, argsCanonicalJson: '{"orderId":"o-1","amount":5}' }, 'invalid_proposal'],
      [{ ...good, argsCanonicalJson: '{"amount":6,"orderId":"o-1"}' }, 'proposal_hash_mismatch'],
      [{ ...good, tool: 'wipe' }, 'proposal_hash_mismatch'],
      [{ ...good, originalArguments: '{ "a": 1 }' }, 'invalid_proposal'],
      [{ ...good, extra: true }, 'invalid_proposal'],
      [{ ...good, createdAt: 'yesterday' }, 'invalid_proposal'],
      [{ ...good, proposalHash: 'x' }, 'invalid_proposal_hash'],
      [{ ...good, presentation: 'Refund' }, 'invalid_proposal'],
      [{ ...good, presentation: [1] }, 'invalid_proposal'],
      [{ ...good, presentation: { version: 1, title: 'x'.repeat(17 * 1024) } }, 'invalid_proposal'],
    ];
    for (const [proposal, code] of cases) {
      const error = await store.suspend(proposal as never).catch((e: unknown) => e);
      expect((error as { code?: string }).code, code).toBe(code);
    }
    const invalid = await store.suspend({ ...good, agent: 1 } as never).catch((e: unknown) => e);
    expect(ApprovalError.isInstance(invalid)).toBe(true);
    const mismatch = await store
      .suspend((await proposalFor('someone-else')) as never)
      .catch((e: unknown) => e);
    expect(ConsoleError.isInstance(mismatch) && mismatch.status).toBe(403);
    expect(await cx.store.listProposals({ status: 'all' })).toEqual([]);
    expect((await store.suspend(good)).status).toBe('pending');
  });

  it('display metadata travels with a submitted proposal and is not part of its hash', async () => {
    const cx = makeConsole();
    const { store } = remote(cx);
    const good = await proposalFor(AGENT_NAME);
    const presentation = { version: 1, title: 'Refund', context: { customer: 'C-42' } };
    const stored = await store.suspend({ ...good, presentation });
    expect(stored.proposalHash).toBe(good.proposalHash);
    expect((await cx.store.getProposal(stored.id))?.presentation).toEqual(presentation);
  });

  it('an agent sees only its own proposals, and cannot read the audit trail by default', async () => {
    const cx = makeConsole();
    const mine = remote(cx);
    const other = remote(cx, OTHER_AGENT);
    const p = await mine.store.suspend(await proposalFor(AGENT_NAME));
    expect(await other.store.getProposal(p.id)).toBeUndefined();
    expect(await other.store.findPending(p.proposalHash)).toBeUndefined();
    expect(await other.store.listProposals()).toEqual([]);
    expect((await mine.store.listProposals()).map((x) => x.id)).toEqual([p.id]);
    await expect(mine.audit.records()).rejects.toMatchObject({ code: 'forbidden_role' });
  });

  it('agent audit appends are checked: no approval_granted, no foreign agent, no approver name', async () => {
    const cx = makeConsole();
    const { audit } = remote(cx);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'approval_granted', approver: 'alice' }, 'forbidden_event_type'],
      [{ type: 'executed', agent: 'someone-else' }, 'agent_mismatch'],
      [{ type: 'approval_rejected', approver: 'alice' }, 'forbidden_field'],
      [{ type: 'nonsense' }, 'invalid_audit_event'],
      [{ type: 'executed', tool: 5 }, 'invalid_audit_event'],
      [{ type: 'executed', unknown: 'x' }, 'invalid_audit_event'],
      [{ type: 'executed', data: [] }, 'invalid_audit_event'],
    ];
    for (const [event, code] of cases) {
      await expect(audit.append(event as never), code).rejects.toMatchObject({ code });
    }
    expect(await cx.audit.records()).toEqual([]);
    const ok = await audit.append({
      type: 'executed',
      agent: AGENT_NAME,
      tool: 'refund',
      data: { submittedBy: 'forged' },
    });
    expect(ok.data).toEqual({ submittedBy: AGENT_NAME });
  });

  it('agent routes refuse malformed bodies and hashes with exact codes', async () => {
    const cx = makeConsole();
    const before = await cx.snapshot();
    const cases: [string, string, Parameters<typeof cx.request>[2], number, string][] = [
      ['POST', '/api/agent/proposals', { rawBody: '{"id":' }, 400, 'invalid_json'],
      ['POST', '/api/agent/proposals', { rawBody: '{"id":"a","id":"b"}' }, 400, 'invalid_json'],
      [
        'POST',
        '/api/agent/consume',
        { body: { bindingHash: 'nope' } },
        400,
        'invalid_binding_hash',
      ],
      [
        'POST',
        '/api/agent/consume',
        { body: { bindingHash: '0'.repeat(64), x: 1 } },
        400,
        'unknown_field',
      ],
      ['POST', '/api/agent/peek', { body: {} }, 400, 'invalid_binding_hash'],
      ['GET', '/api/agent/pending/ABC', {}, 400, 'invalid_proposal_hash'],
      ['GET', '/api/agent/proposals/unknown', {}, 404, 'proposal_not_found'],
      ['GET', '/api/agent/proposals?status=nope', {}, 400, 'invalid_status'],
      ['GET', '/api/agent/proposals?proposalHash=ABC', {}, 400, 'invalid_proposal_hash'],
      ['POST', '/api/agent/audit', { rawBody: 'null' }, 400, 'invalid_audit_event'],
    ];
    for (const [method, path, init, status, code] of cases) {
      const res = await cx.request(method, path, { token: AGENT, ...init });
      expect(res.status, `${path} ${code}`).toBe(status);
      expect(await errorCode(res)).toBe(code);
    }
    expect(await cx.snapshot()).toBe(before);
  });
});

describe('client options', () => {
  it('refuses bad URLs, plain http beyond loopback, and a missing token', () => {
    expect(() => createConsoleApprovalStore({ url: 'nope', token: AGENT })).toThrow(
      expect.objectContaining({ code: 'invalid_console_url' }),
    );
    expect(() => createConsoleApprovalStore({ url: 'ftp://127.0.0.1', token: AGENT })).toThrow(
      expect.objectContaining({ code: 'invalid_console_url' }),
    );
    expect(() =>
      createConsoleApprovalStore({ url: 'http://console.example.com', token: AGENT }),
    ).toThrow(expect.objectContaining({ code: 'insecure_console_url' }));
    expect(() => createConsoleAuditSink({ url: 'http://127.0.0.1:1', token: '' })).toThrow(
      expect.objectContaining({ code: 'missing_token' }),
    );
    expect(() =>
      createConsoleApprovalStore({ url: 'https://console.example.com', token: AGENT }),
    ).not.toThrow();
  });

  it('an unreachable console is console_unreachable', async () => {
    const store = createConsoleApprovalStore({
      url: 'http://127.0.0.1:1',
      token: AGENT,
      timeoutMs: 2000,
    });
    await expect(store.listPending()).rejects.toMatchObject({ code: 'console_unreachable' });
  });
});
