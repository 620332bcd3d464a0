// @argseal/ai-sdk from npm with ai's MockLanguageModelV4 (offline): the model proposes a
// refund, the run pauses, a human approves in the store, the resumed run executes it
// exactly once, and replaying the same resume executes nothing.
import assert from 'node:assert/strict';
import { sealTools } from '@argseal/ai-sdk';
import { declareRawTextModel } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { refundWorld } from './lib/refund-world.mjs';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
/** Proposes the refund until the prompt holds a tool result, then answers with text. */
function scriptedModel() {
  // the scripted text is handed on as is: a raw-text model for argseal
  return declareRawTextModel(
    new MockLanguageModelV4({
      doGenerate: async ({ prompt }) => {
        const answered = prompt.some(
          (m) => m.role === 'tool' && m.content.some((p) => p.type === 'tool-result'),
        );
        return answered
          ? {
              content: [{ type: 'text', text: 'done' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            }
          : {
              content: [
                {
                  type: 'tool-call',
                  toolCallId: 'call-1',
                  toolName: 'refund',
                  input: '{ "amount": 12500, "orderId": "o-1" }',
                },
              ],
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage,
              warnings: [],
            };
      },
    }),
  );
}

const { executed, refund, audit, approvals, authorizer } = refundWorld();
const sealed = sealTools({ refund }, { authorizer });
const run = async (messages) => {
  const result = await generateText({
    ...sealed.settings(scriptedModel()),
    messages,
    stopWhen: stepCountIs(4),
  });
  return [...messages, ...result.responseMessages];
};
const parts = (messages, type) =>
  messages
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .filter((p) => p.type === type);

const paused = await run([{ role: 'user', content: 'refund o-1' }]);
const requests = parts(paused, 'tool-approval-request');
assert.equal(requests.length, 1, 'the run pauses with one approval request');
assert.equal(executed.length, 0);
const call = parts(paused, 'tool-call')[0];
assert.deepEqual(
  call.input,
  { amount: 12500, orderId: 'o-1' },
  'history carries the canonical arguments',
);

const [pending] = await approvals.listPending();
assert.equal(pending.tool, 'refund');
await approvals.decide(pending.proposalHash, { decision: 'approve', approver: 'alice' });

const resume = [
  ...paused,
  {
    role: 'tool',
    content: [
      { type: 'tool-approval-response', approvalId: requests[0].approvalId, approved: true },
    ],
  },
];
const done = await run(structuredClone(resume));
assert.deepEqual(executed, [{ orderId: 'o-1', amount: 12500 }], 'executes exactly once');
const result = parts(done, 'tool-result').at(-1);
assert.deepEqual(result.output, { type: 'json', value: { refunded: 12500 } });

await run(structuredClone(resume));
assert.equal(executed.length, 1, 'a replayed resume finds no grant');
assert.equal((await verifyAuditChain(await audit.records())).ok, true);
console.log('ai-sdk: paused, approved in the store, executed once, replay refused');
