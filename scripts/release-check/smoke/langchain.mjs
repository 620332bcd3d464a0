// @argseal/langchain from npm with a scripted chat model (offline): createAgent with the
// argseal middleware proposes a refund, the graph interrupts, a human approves in the store
// (bound to the proposal hash), the resumed thread executes it exactly once, and resuming
// the same checkpoint again executes nothing.
import assert from 'node:assert/strict';
import { declareRawTextModel } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { approve, argsealMiddleware, getApprovalRequest, resumeWith } from '@argseal/langchain';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { refundWorld } from './lib/refund-world.mjs';

/** Turn n = number of AI messages so far: a refund call first, then plain text. */
class ScriptedChatModel extends BaseChatModel {
  _llmType() {
    return 'scripted';
  }
  bindTools() {
    return this;
  }
  async _generate(messages) {
    const turn = messages.filter((m) => AIMessage.isInstance(m)).length;
    const raw =
      turn === 0
        ? [
            {
              id: 'call-1',
              type: 'function',
              function: { name: 'refund', arguments: '{"amount": 12500, "orderId": "o-1"}' },
            },
          ]
        : [];
    const message = new AIMessage({
      content: turn === 0 ? '' : 'done',
      tool_calls: raw.map((c) => ({
        id: c.id,
        name: c.function.name,
        args: JSON.parse(c.function.arguments),
        type: 'tool_call',
      })),
      additional_kwargs: raw.length > 0 ? { tool_calls: raw } : {},
    });
    return { generations: [{ text: String(message.content), message }] };
  }
}

const { executed, refund, audit, approvals, authorizer } = refundWorld({
  output: (input) => `refunded ${input.amount}`,
});
const agent = createAgent({
  // the scripted text is handed on as is: a raw-text model for argseal
  model: declareRawTextModel(new ScriptedChatModel({})),
  middleware: [argsealMiddleware({ authorizer, tools: [refund] })],
  checkpointer: new MemorySaver(),
});
const config = { configurable: { thread_id: 'smoke-1' } };

const paused = await agent.invoke({ messages: [{ role: 'user', content: 'refund o-1' }] }, config);
const request = getApprovalRequest(paused);
assert.ok(request, 'the graph interrupts with an argseal approval request');
assert.equal(request.proposals.length, 1);
assert.equal(executed.length, 0);
const [proposal] = request.proposals;
assert.equal(proposal.argsCanonicalJson, '{"amount":12500,"orderId":"o-1"}');
const pausedAt = (await agent.graph.getState(config)).config.configurable.checkpoint_id;

await approvals.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice' });
const done = await agent.invoke(
  resumeWith({ approver: 'alice', decisions: [approve(proposal)] }),
  config,
);
assert.deepEqual(executed, [{ orderId: 'o-1', amount: 12500 }], 'executes exactly once');
const reply = done.messages.find((m) => ToolMessage.isInstance(m) && m.tool_call_id === 'call-1');
assert.equal(reply?.status, 'success');
assert.equal(reply?.content, 'refunded 12500');

// Resume the paused checkpoint again: the grant is used up, nothing runs again.
await agent.invoke(resumeWith({ approver: 'alice', decisions: [approve(proposal)] }), {
  configurable: { thread_id: 'smoke-1', checkpoint_id: pausedAt },
});
assert.equal(executed.length, 1, 'a replayed resume finds no grant');
assert.equal((await verifyAuditChain(await audit.records())).ok, true);
console.log('langchain: interrupted, approved in the store, executed once, replay refused');
