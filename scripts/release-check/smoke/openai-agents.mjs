// @argseal/openai-agents from npm with a scripted Model (offline): the agent proposes a
// refund, the run is interrupted, the RunState goes through text, a human approves
// (store grant bound to the proposal hash), and the resumed run executes it exactly once.
import assert from 'node:assert/strict';
import { declareRawTextModel } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { createAgentsSeal } from '@argseal/openai-agents';
import { Agent, RunState, run, setTracingDisabled, Usage } from '@openai/agents';
import { refundWorld } from './lib/refund-world.mjs';

setTracingDisabled(true);
const usage = () => new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 });
const text = (t) => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: t }],
});
// the scripted text is handed on as is: a raw-text model for argseal
const model = declareRawTextModel({
  queue: [
    [
      {
        type: 'function_call',
        id: 'fc_1',
        callId: 'call-1',
        name: 'refund',
        status: 'completed',
        arguments: '{"amount": 12500, "orderId": "o-1"}',
      },
    ],
  ],
  async getResponse() {
    return { usage: usage(), output: this.queue.shift() ?? [text('done')] };
  },
  getStreamedResponse() {
    throw new Error('streaming is not used by this smoke test');
  },
});

const { executed, refund, audit, authorizer } = refundWorld();
const seal = createAgentsSeal({ authorizer });
const agent = seal.agent(new Agent({ name: 'support', instructions: 'help', model }), {
  tools: [refund],
});

const paused = await run(agent, 'refund o-1');
assert.equal(paused.interruptions.length, 1, 'the run is interrupted for approval');
assert.equal(executed.length, 0);
const saved = paused.state.toString();

const state = await RunState.fromString(agent, saved);
const [pending] = await seal.pending(state);
assert.equal(pending.status, 'pending');
const grant = await seal.approve(state, pending.interruption, { approver: 'alice' });
assert.equal(grant.decision, 'approve');
assert.equal(grant.proposalHash, pending.proposalHash);

const resumed = await run(agent, state);
assert.equal(resumed.interruptions.length, 0);
assert.deepEqual(executed, [{ orderId: 'o-1', amount: 12500 }], 'executes exactly once');

// Replaying the approved state from text: the grant is used up, nothing runs again.
const replay = await RunState.fromString(agent, saved);
for (const item of replay.getInterruptions()) replay.approve(item);
await run(agent, replay);
assert.equal(executed.length, 1, 'a replayed approval finds no grant');
assert.equal((await verifyAuditChain(await audit.records())).ok, true);
console.log('openai-agents: interrupted, approved in the store, executed once, replay refused');
