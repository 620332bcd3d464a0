import { RunState, run } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { tamperStateText } from './__fixtures__/harness.js';
import { functionCall } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { ArgsealAgentsError } from './errors.js';

const BIG = '{"orderId":"o-1","amount":25000}';

async function paused() {
  const w = supportWorld([[functionCall('c1', 'refund', BIG)]]);
  const result = await run(w.agent, 'go');
  return { w, text: result.state.toString() };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (e) {
    return ArgsealAgentsError.isInstance(e) ? e.code : `not-argseal:${String(e)}`;
  }
  return undefined;
}

describe('approval helpers', () => {
  it('reject records the decision and the model gets the message; nothing runs', async () => {
    const { w, text } = await paused();
    const state = await RunState.fromString(w.agent, text);
    const grant = await w.seal.reject(state, 'c1', {
      approver: 'carol',
      message: 'refund declined',
    });
    expect(grant.decision).toBe('reject');
    const result = await run(w.agent, state);
    expect(w.executions).toHaveLength(0);
    const out = result.history.find((i) => i.type === 'function_call_result') as {
      output: { text: string };
    };
    expect(out.output.text).toBe('refund declined');
    expect(
      (await w.approvals.listProposals({ status: 'rejected' })).map((p) => p.toolCallId),
    ).toEqual(['c1']);
  });

  it('approving an edited RunState is refused: no grant is stored', async () => {
    const { w, text } = await paused();
    const state = await RunState.fromString(
      w.agent,
      tamperStateText(text, 'c1', { orderId: 'o-1', amount: 9_999_999 }),
    );
    const [listed] = await w.seal.pending(state);
    expect(listed?.status).toBe('unmatched');
    expect(await codeOf(w.seal.approve(state, 'c1', { approver: 'alice' }))).toBe(
      'proposal_not_found',
    );
    expect(await w.approvals.listProposals({ status: 'approved' })).toHaveLength(0);
    expect(await w.approvals.listPending()).toHaveLength(1);
  });

  it('an unknown tool call id or a foreign item is refused', async () => {
    const { w, text } = await paused();
    const state = await RunState.fromString(w.agent, text);
    expect(await codeOf(w.seal.approve(state, 'nope', { approver: 'alice' }))).toBe(
      'interruption_not_found',
    );
    const foreign = (await RunState.fromString(w.agent, text)).getInterruptions()[0]!;
    (foreign.rawItem as { callId: string }).callId = 'other-call';
    expect(await codeOf(w.seal.approve(state, foreign, { approver: 'alice' }))).toBe(
      'interruption_not_found',
    );
    expect(await w.approvals.listProposals({ status: 'approved' })).toHaveLength(0);
  });

  it('a store-side approval (e.g. a console) is honoured on resume without a RunState mark', async () => {
    const { w, text } = await paused();
    const [pending] = await w.approvals.listPending();
    await w.approvals.decide(pending!.proposalHash, { decision: 'approve', approver: 'dave' });
    const state = await RunState.fromString(w.agent, text);
    const result = await run(w.agent, state);
    expect(result.interruptions).toHaveLength(0);
    expect(w.executions.map((e) => e.input)).toEqual([{ amount: 25000, orderId: 'o-1' }]);
  });
});
