import {
  computeProposalHash,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import { computeBindingHash } from '@argseal/core/store';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AGENT,
  AGENT_NAME,
  ALICE,
  errorCode,
  makeConsole,
  OTHER_AGENT,
} from './__fixtures__/console-fixture.js';
import { createConsoleServer } from './create-console-server.js';

/** A proposal for `agent`'s refund with these args whose binding hash is `bindingHash`. */
async function submitted(agent: string, args: Record<string, unknown>, bindingHash?: string) {
  const argsCanonicalJson = canonicalize(args as never);
  const proposalHash = await computeProposalHash({ agent, tool: 'refund', argsCanonicalJson });
  return {
    id: `p-${Math.random().toString(36).slice(2)}`,
    agent,
    tool: 'refund',
    toolCallId: 'c-1',
    argsCanonicalJson,
    proposalHash,
    bindingHash: bindingHash ?? proposalHash,
    parsedArguments: JSON.parse(argsCanonicalJson),
    reason: 'needs approval',
    createdAt: new Date().toISOString(),
  };
}

describe('binding hashes of submitted proposals', () => {
  it('a decoy proposal cannot carry the binding hash of a different call (approve $5, run $5000)', async () => {
    const cx = makeConsole();
    const big = { orderId: 'o-1', amount: 5000 };
    const bigHash = await computeProposalHash({
      agent: AGENT_NAME,
      tool: 'refund',
      argsCanonicalJson: canonicalize(big),
    });
    const decoy = await submitted(AGENT_NAME, { orderId: 'o-1', amount: 5 }, bigHash);
    const before = await cx.snapshot();
    const res = await cx.request('POST', '/api/agent/proposals', { token: AGENT, body: decoy });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('binding_hash_mismatch');
    expect(await cx.snapshot()).toBe(before);
    // Even if an approver approved whatever is pending, the $5000 call does not run.
    for (const p of await cx.store.listPending())
      await cx.store.decide(p.proposalHash, { decision: 'approve', approver: 'alice' });
    const outcome = await cx.authorizer.call(cx.tool, JSON.stringify(big), { toolCallId: 't' });
    expect(outcome.status).toBe('suspended');
    expect(cx.executed).toEqual([]);
  });

  it("another agent cannot bind its own proposal to this agent's pending call", async () => {
    const cx = makeConsole();
    const victim = await cx.pending({ orderId: 'o-9', amount: 9000 });
    const decoy = await submitted('other-bot', { orderId: 'o-9', amount: 1 }, victim.bindingHash);
    const before = await cx.snapshot();
    const res = await cx.request('POST', '/api/agent/proposals', {
      token: OTHER_AGENT,
      body: decoy,
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('binding_hash_mismatch');
    expect(await cx.snapshot()).toBe(before);
  });

  it('a separate binding hash is accepted when the console knows the tool and it recomputes', async () => {
    const executed: unknown[] = [];
    const tool = defineTool({
      name: 'refund',
      description: 'Refund an order',
      schema: z.object({ orderId: z.string(), amount: z.number(), memo: z.string() }),
      informationalFields: ['/memo'],
      classificationVersion: '1',
      execute: (input) => {
        executed.push(input);
        return 'ok';
      },
    });
    const audit = createMemoryAuditLog();
    const store = createMemoryApprovalStore({ audit });
    const app = createConsoleServer({
      store,
      audit,
      tokens: { alice: ALICE },
      agentTokens: { [AGENT_NAME]: AGENT },
      tools: [tool],
    });
    const post = (body: unknown) =>
      app.request('http://127.0.0.1:7407/api/agent/proposals', {
        method: 'POST',
        headers: { Authorization: `Bearer ${AGENT}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const args = { orderId: 'o-1', amount: 5, memo: 'hello' };
    const argsCanonicalJson = canonicalize(args);
    const honest = await computeBindingHash({
      agent: AGENT_NAME,
      tool: 'refund',
      argsCanonicalJson,
      informationalFields: ['/memo'],
      classificationVersion: '1',
    });
    const wrong = await computeBindingHash({
      agent: AGENT_NAME,
      tool: 'refund',
      argsCanonicalJson: canonicalize({ ...args, amount: 5000 }),
      informationalFields: ['/memo'],
      classificationVersion: '1',
    });
    const refused = await post(await submitted(AGENT_NAME, args, wrong));
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe('binding_hash_mismatch');
    // The proposal hash itself is not the binding hash of a tool with informational fields.
    const plain = await post(await submitted(AGENT_NAME, args));
    expect(await errorCode(plain)).toBe('binding_hash_mismatch');
    const ok = await post(await submitted(AGENT_NAME, args, honest));
    expect(ok.status).toBe(200);
    // The authorizer computes the same binding hash: the approved call runs once.
    const [p] = await store.listPending();
    expect(p?.bindingHash).toBe(honest);
    await store.decide(p!.proposalHash, { decision: 'approve', approver: 'alice' });
    const authorizer = createAuthorizer({
      agent: AGENT_NAME,
      policy: () => ({ type: 'require_approval', reason: 'r' }),
      approvals: store,
      audit,
    });
    const outcome = await authorizer.call(tool, JSON.stringify(args), { toolCallId: 't' });
    expect(outcome.status).toBe('executed');
    expect(executed).toHaveLength(1);
  });
});

describe('grants across agents (agentScope own)', () => {
  it("another agent can neither peek at nor spend this agent's grant", async () => {
    const cx = makeConsole();
    const p = await cx.pending({ orderId: 'o-3', amount: 300 });
    await cx.store.decide(p.proposalHash, { decision: 'approve', approver: 'alice', note: 'ok' });
    for (const route of ['/api/agent/peek', '/api/agent/consume']) {
      const res = await cx.request('POST', route, {
        token: OTHER_AGENT,
        body: { bindingHash: p.bindingHash },
      });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('agent_mismatch');
    }
    expect(await cx.store.peek(p.bindingHash)).toMatchObject({ live: true });
    const own = await cx.request('POST', '/api/agent/peek', {
      token: AGENT,
      body: { bindingHash: p.bindingHash },
    });
    expect(await own.json()).toMatchObject({ live: true });
    const outcome = await cx.authorizer.call(cx.tool, '{"orderId":"o-3","amount":300}', {
      toolCallId: 't',
    });
    expect(outcome.status).toBe('executed');
    expect(cx.executed).toEqual([{ orderId: 'o-3', amount: 300 }]);
  });
});
