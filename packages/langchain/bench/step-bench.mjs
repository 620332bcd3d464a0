// Issue 19 goal 3: one createAgent step with one scripted tool call (2 KB arguments),
// sealed with default settings (the middleware, memory audit log and approvals as in the
// README) vs the same agent with the plain tool. Ratio in one run, interleaved.
import { createAuthorizer, createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, defaultToolCallParser } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { compareCpu } from '../../../bench/cpu-harness.mjs';
import { fmtNs } from '../../../bench/harness.mjs';
import { smallText } from '../../../bench/payloads.mjs';
import { refundSchema } from '../../../bench/refund-schema.mjs';
import { argsealMiddleware } from '../dist/index.js';

let n = 0;
/** Offline chat model: one refund call (raw text in additional_kwargs), then an answer. */
class ScriptedChatModel extends BaseChatModel {
  _llmType() {
    return 'argseal-bench';
  }
  bindTools() {
    return this;
  }
  async _generate(messages) {
    if (messages.some((m) => AIMessage.isInstance(m)))
      return { generations: [{ text: 'done', message: new AIMessage({ content: 'done' }) }] };
    const raw = [
      { id: `call_${n++}`, type: 'function', function: { name: 'refund', arguments: smallText } },
    ];
    const [toolCalls, invalid] = defaultToolCallParser(raw);
    const message = new AIMessage({
      content: '',
      tool_calls: toolCalls,
      invalid_tool_calls: invalid,
      additional_kwargs: { tool_calls: raw },
    });
    return { generations: [{ text: '', message }] };
  }
}

let total = 0;
const refund = tool(
  async (input) => {
    total += input.amount;
    return `refunded ${input.amount}`;
  },
  { name: 'refund', description: 'Refund', schema: refundSchema },
);
const audit = createMemoryAuditLog();
const authorizer = createAuthorizer({
  agent: 'support-bot',
  audit,
  approvals: createMemoryApprovalStore({ audit }),
  policy: ({ parsedArguments }) =>
    parsedArguments.amount <= 1_000_000 ? { type: 'allow' } : { type: 'deny', reason: 'ceiling' },
});
const model = new ScriptedChatModel({});
const unsealed = createAgent({ model, tools: [refund] });
const sealed = createAgent({
  model,
  middleware: [argsealMiddleware({ authorizer, tools: [refund] })],
});

const once = (agent) => async () => {
  const before = total;
  const r = await agent.invoke({
    messages: [{ role: 'user', content: 'Refund the damaged order' }],
  });
  if (total !== before + 125000 || r.messages.at(-1)?.content !== 'done')
    throw new Error('unexpected agent result');
};
const c = await compareCpu(
  { unsealed: once(unsealed), sealed: once(sealed) },
  { rounds: 11, sampleMs: 200 },
);
const ratio = c.sealed / c.unsealed;
console.log(
  '| agent step, 1 tool call (2 KB), CPU time | sealed | unsealed | ratio | goal | met |',
);
console.log('|---|---|---|---|---|---|');
console.log(
  `| LangChain createAgent + argsealMiddleware, default settings | ${fmtNs(c.sealed)} | ${fmtNs(c.unsealed)} | ${ratio.toFixed(2)}x | ≤ 1.5x | ${ratio <= 1.5 ? 'met' : '**not met**'} |`,
);
