import { RunState, run } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { functionCall } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { ArgsealAgentsError } from './errors.js';

const BIG = '{"orderId":"o-1","amount":25000}';

async function paused() {
  const w = supportWorld([[functionCall('c1', 'refund', BIG)]]);
  const result = await run(w.agent, 'go');
  return { w, result };
}

const codeOf = (e: unknown) => (ArgsealAgentsError.isInstance(e) ? e.code : String(e));

describe('seal.approve(item, options) / seal.reject(item, options): the item carries its RunState', () => {
  it('pending items name their state; approve(item) decides in the store and the resume runs once', async () => {
    const { w, result } = await paused();
    const [p] = await w.seal.pending(result.state);
    expect(p?.state).toBe(result.state);
    if (p?.status !== 'pending') throw new Error('expected a pending item');
    const grant = await w.seal.approve(p, { approver: 'alice' });
    expect(grant).toMatchObject({ decision: 'approve', proposalHash: p.proposalHash });
    await run(w.agent, result.state);
    expect(w.executions).toHaveLength(1);
    await run(w.agent, result.state);
    expect(w.executions).toHaveLength(1);
  });

  it('reject(item) records the rejection; nothing runs', async () => {
    const { w, result } = await paused();
    const [p] = await w.seal.pending(result.state);
    await w.seal.reject(p!, { approver: 'carol', message: 'no' });
    expect(
      (await w.approvals.listProposals({ status: 'rejected' })).map((x) => x.toolCallId),
    ).toEqual(['c1']);
    await run(w.agent, result.state);
    expect(w.executions).toHaveLength(0);
  });

  it('an item from a RunState that was decided since: proposal_not_found, nothing decided again', async () => {
    const { w, result } = await paused();
    const text = result.state.toString();
    const [p] = await w.seal.pending(result.state);
    await w.seal.approve(p!, { approver: 'alice' });
    const copy = await RunState.fromString(w.agent, text);
    const [again] = await w.seal.pending(copy);
    expect(again?.status).toBe('unmatched');
    const error = await w.seal.approve(again!, { approver: 'bob' }).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('proposal_not_found');
    expect((await w.approvals.listProposals({ status: 'all' })).map((x) => x.decidedBy)).toEqual([
      'alice',
    ]);
  });

  it.each([
    ['an object without state', { interruption: {} }],
    ['a state without interruption', { state: { getInterruptions: () => [] } }],
    ['null', null],
  ])(
    'approve(%s, options) throws interruption_not_found; nothing decided or run',
    async (_, item) => {
      const { w } = await paused();
      const error = await w.seal
        .approve(item as never, { approver: 'alice' })
        .catch((e: unknown) => e);
      expect(codeOf(error)).toBe('interruption_not_found');
      const error2 = await w.seal
        .reject(item as never, { approver: 'alice' })
        .catch((e: unknown) => e);
      expect(codeOf(error2)).toBe('interruption_not_found');
      expect(await w.approvals.listPending()).toHaveLength(1);
      expect(w.executions).toHaveLength(0);
    },
  );
});
