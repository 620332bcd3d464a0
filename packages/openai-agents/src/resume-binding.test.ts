import { RunState } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { runAgent, tamperStateText } from './__fixtures__/harness.js';
import { assistantText, functionCall } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';

describe.each(['generate', 'stream'] as const)('resume binding (%s)', (mode) => {
  it('a resume whose arguments changed after the approval is audited approval_mismatched and supersedes the proposal', async () => {
    const w = supportWorld([
      [functionCall('c1', 'refund', '{"orderId":"o-1","amount":25000}')],
      [assistantText('waiting')],
    ]);
    const first = await runAgent(w.agent, 'refund', mode);
    expect(first.interruptions).toHaveLength(1);
    const [proposal] = await w.approvals.listPending();
    await w.approvals.decide(proposal!.proposalHash, { decision: 'approve', approver: 'alice' });

    // the paused text is edited after the approval, then resumed as approved
    const edited = tamperStateText(first.state.toString(), 'c1', { orderId: 'o-1', amount: 90000 });
    const state = await RunState.fromString(w.agent, edited);
    state.approve(state.getInterruptions()[0]!);
    await runAgent(w.agent, state, mode);

    expect(w.executions).toHaveLength(0);
    const records = await w.audit.records();
    const mismatch = records.find((r) => r.type === 'approval_mismatched');
    expect(mismatch).toMatchObject({
      tool: 'refund',
      toolCallId: 'c1',
      supersedes: proposal!.proposalHash,
    });
    const pending = await w.approvals.listPending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ supersedes: proposal!.id, toolCallId: 'c1' });
    expect(pending[0]!.proposalHash).not.toBe(proposal!.proposalHash);
    // the approval of the original proposal is still unused
    expect((await w.approvals.getProposal(proposal!.id))?.status).toBe('approved');
  });
});
