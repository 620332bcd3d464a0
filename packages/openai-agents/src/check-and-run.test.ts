import { RunState } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { findLast, runAgent } from './__fixtures__/harness.js';
import { assistantText, functionCall, throughModelSeam } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { createAgentsSeal } from './seal.js';

const BIG = '{"amount":25000,"orderId":"o-1"}'; // canonical, as history carries it
const rc = { context: {} } as never;

function policyCount(w: ReturnType<typeof supportWorld>, toolCallId: string): number {
  return w.policyCalls.filter((c) => c.toolCallId === toolCallId).length;
}

async function decidedCount(w: ReturnType<typeof supportWorld>, toolCallId: string) {
  const records = await w.audit.records();
  return records.filter((r) => r.type === 'decided' && r.toolCallId === toolCallId).length;
}

function outputText(history: readonly unknown[], callId: string): string {
  const item = findLast(
    history as { type?: string; callId?: string }[],
    (i) => i.type === 'function_call_result' && i.callId === callId,
  ) as { output: { text: string } } | undefined;
  return item?.output.text ?? '';
}

describe.each(['generate', 'stream'] as const)('policy once per attempt (%s)', (mode) => {
  it('allowed, paused and resumed calls: one policy decision per attempt', async () => {
    const w = supportWorld([
      [
        functionCall('c-look', 'lookup_order', '{"orderId":"o-1"}'),
        functionCall('c-small', 'refund', '{"orderId":"o-1","amount":500}'),
        functionCall('c-big', 'refund', BIG),
      ],
      [assistantText('waiting')],
    ]);
    const first = await runAgent(w.agent, 'go', mode);
    expect(first.interruptions).toHaveLength(1);
    expect(w.executions.map((e) => e.toolCallId)).toEqual(['c-look', 'c-small']);
    for (const id of ['c-look', 'c-small', 'c-big']) {
      expect(policyCount(w, id)).toBe(1);
      expect(await decidedCount(w, id)).toBe(1);
    }

    // Resume with the RunState mark: the SDK skips needsApproval, invoke decides once.
    const text = first.state.toString();
    const state = await RunState.fromString(w.agent, text);
    await w.seal.approve(state, 'c-big', { approver: 'alice' });
    await runAgent(w.agent, state, mode);
    expect(w.executions.map((e) => e.toolCallId)).toEqual(['c-look', 'c-small', 'c-big']);
    expect(policyCount(w, 'c-big')).toBe(2);
    expect(await decidedCount(w, 'c-big')).toBe(2);
    expect(policyCount(w, 'c-look') + policyCount(w, 'c-small')).toBe(2);
  });

  it('a store-side approval: needsApproval checks, invoke consumes, policy once', async () => {
    const w = supportWorld([[functionCall('c1', 'refund', BIG)], [assistantText('waiting')]]);
    const first = await runAgent(w.agent, 'go', mode);
    const [pending] = await w.approvals.listPending();
    await w.approvals.decide(pending!.proposalHash, { decision: 'approve', approver: 'dave' });
    const state = await RunState.fromString(w.agent, first.state.toString());
    const resumed = await runAgent(w.agent, state, mode);
    expect(resumed.interruptions).toHaveLength(0);
    expect(w.executions.map((e) => e.toolCallId)).toEqual(['c1']);
    expect(policyCount(w, 'c1')).toBe(2);
    expect(await decidedCount(w, 'c1')).toBe(2);
    const records = await w.audit.records();
    expect(records.filter((r) => r.type === 'approval_consumed')).toHaveLength(1);
  });

  it('a store-side rejection: denied once, nothing runs, policy once', async () => {
    const w = supportWorld([[functionCall('c1', 'refund', BIG)], [assistantText('ok')]]);
    const first = await runAgent(w.agent, 'go', mode);
    const [pending] = await w.approvals.listPending();
    await w.approvals.decide(pending!.proposalHash, { decision: 'reject', approver: 'erin' });
    const state = await RunState.fromString(w.agent, first.state.toString());
    const resumed = await runAgent(w.agent, state, mode);
    expect(resumed.interruptions).toHaveLength(0);
    expect(w.executions).toHaveLength(0);
    expect(outputText(resumed.history, 'c1')).toContain('code=approval_rejected');
    expect(outputText(resumed.history, 'c1')).toContain('approval_rejected');
    expect(policyCount(w, 'c1')).toBe(2);
    expect(await w.approvals.listPending()).toHaveLength(0);
  });
});

describe('needsApproval never consumes a grant', () => {
  it('two gates see one single-use grant; only the first invoke consumes it', async () => {
    const w = supportWorld([]);
    const seal = createAgentsSeal({ authorizer: w.authorizer });
    const refund = seal.tool(w.tools.refund);
    await throughModelSeam(seal, [{ id: 'c0', tool: 'refund', raw: BIG }]);
    expect(await refund.needsApproval(rc, JSON.parse(BIG), 'c0')).toBe(true);
    const [pending] = await w.approvals.listPending();
    await w.approvals.decide(pending!.proposalHash, { decision: 'approve', approver: 'bob' });

    for (const id of ['c1', 'c2', 'c1', 'c2']) {
      await throughModelSeam(seal, [{ id, tool: 'refund', raw: BIG }]);
      expect(await refund.needsApproval(rc, JSON.parse(BIG), id)).toBe(false);
    }
    const peek = await w.approvals.peek(pending!.bindingHash);
    expect(peek).toMatchObject({ live: true, grant: { usesLeft: 1 } });

    const first = await refund.invoke(rc, BIG, { toolCall: functionCall('c1', 'refund', BIG) });
    expect(first).toEqual({ refunded: 25000 });
    const second = await refund.invoke(rc, BIG, { toolCall: functionCall('c2', 'refund', BIG) });
    expect(String(second)).toContain('code=approval_required');
    expect(w.executions.map((e) => e.toolCallId)).toEqual(['c1']);
    // each gate call was a new attempt; invoke reused the last check's decision
    expect(policyCount(w, 'c1')).toBe(2);
    expect(policyCount(w, 'c2')).toBe(2);
    expect((await w.approvals.peek(pending!.bindingHash)).live).toBe(false);
  });
});
