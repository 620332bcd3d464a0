// Issue 19 goal 3: one createAgent step with one scripted tool call (2 KB arguments),
// sealed with default settings (the middleware, memory audit log and approvals as in the
// README) vs the same agent with the plain tool. Ratio in one run, interleaved.
import * as core from '@argseal/core';
import { declareRawTextModel } from '@argseal/core';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, defaultToolCallParser } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent, createMiddleware } from 'langchain';
import { stepRow, stepWorld } from '../../../bench/agent-step.mjs';
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

const { counter, authorizer, execute } = stepWorld(core);
const refund = tool(async (input) => `refunded ${(await execute(input)).refunded}`, {
  name: 'refund',
  description: 'Refund',
  schema: refundSchema,
});
// a scripted model passes its text through: declared, as the closed raw-text tables require
const model = declareRawTextModel(new ScriptedChatModel({}));
const unsealed = createAgent({ model, tools: [refund] });
const sealed = createAgent({
  model,
  middleware: [argsealMiddleware({ authorizer, tools: [refund] })],
});

const once = (agent) => async () => {
  const before = counter.total;
  const r = await agent.invoke({
    messages: [{ role: 'user', content: 'Refund the damaged order' }],
  });
  if (counter.total !== before + 125000 || r.messages.at(-1)?.content !== 'done')
    throw new Error('unexpected agent result');
};
await stepRow(
  'LangChain createAgent + argsealMiddleware, default settings',
  { unsealed: once(unsealed), sealed: once(sealed) },
  1.5,
);
// The floor LangChain sets: a middleware with the same three hooks that does nothing.
const noop = createMiddleware({
  name: 'NoopMiddleware',
  wrapModelCall: (request, handler) => handler(request),
  afterModel: { canJumpTo: ['model'], hook: async () => undefined },
  wrapToolCall: (request, handler) => handler(request),
});
await stepRow(
  'LangChain createAgent + a no-op middleware with the same hooks (framework floor)',
  {
    unsealed: once(unsealed),
    sealed: once(createAgent({ model, tools: [refund], middleware: [noop] })),
  },
  undefined,
);
