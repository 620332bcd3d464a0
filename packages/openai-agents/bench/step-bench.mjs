// Issue 19 goal 3: one agent run with one scripted tool call (2 KB arguments) through
// @openai/agents' run(), sealed with default settings (memory audit log and approvals as
// in the README) vs the same run with the plain SDK tool. Ratio in one run, interleaved.
import * as core from '@argseal/core';
import { declareRawTextModel } from '@argseal/core';
import { Agent, run, setTracingDisabled, tool, Usage } from '@openai/agents';
import { stepRow, stepWorld } from '../../../bench/agent-step.mjs';
import { smallText } from '../../../bench/payloads.mjs';
import { refundSchema } from '../../../bench/refund-schema.mjs';
import { createAgentsSeal } from '../dist/index.js';

const usage = () => new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 });
let n = 0;
/** An offline Model: one refund call with the raw text, then (after its result) an answer. */
const model = {
  async getResponse(request) {
    const answered =
      Array.isArray(request.input) && request.input.some((i) => i.type === 'function_call_result');
    const id = `call_${n++}`;
    const output = answered
      ? [
          {
            type: 'message',
            id: `msg_${id}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'done' }],
          },
        ]
      : [
          {
            type: 'function_call',
            id: `fc_${id}`,
            callId: id,
            name: 'refund',
            arguments: smallText,
            status: 'completed',
          },
        ];
    return { usage: usage(), output, responseId: `resp_${id}` };
  },
  // biome-ignore lint/correctness/useYield: not streamed in this bench
  async *getStreamedResponse() {
    throw new Error('not streamed');
  },
};
// a scripted model passes its text through: declared, as the closed raw-text tables require
declareRawTextModel(model);
setTracingDisabled(true);

const { counter, authorizer, execute } = stepWorld(core);
const plainTool = tool({
  name: 'refund',
  description: 'Refund',
  parameters: refundSchema,
  execute,
});
const refund = core.defineTool({
  name: 'refund',
  description: 'Refund',
  schema: refundSchema,
  execute,
});
const seal = createAgentsSeal({ authorizer });

const unsealedAgent = new Agent({ name: 'support-bot', model, tools: [plainTool] });
const sealedAgent = seal.agent(new Agent({ name: 'support-bot', model, tools: [] }), {
  tools: [refund],
});
const once = (agent) => async () => {
  const before = counter.total;
  const result = await run(agent, 'Refund the damaged order');
  if (result.finalOutput !== 'done' || counter.total !== before + 125000)
    throw new Error(`unexpected run result ${String(result.finalOutput)}`);
};
await stepRow(
  'OpenAI Agents run(), default settings',
  {
    unsealed: once(unsealedAgent),
    sealed: once(sealedAgent),
  },
  1.2,
);
// The floor the SDK sets for any tool whose approval depends on the call (a sealed tool
// must: policy decides per call): for a `needsApproval` function it fingerprints every
// invocation (a JavaScript scan of the argument text, then a sorted stringify), which
// a tool without approvals skips. Same unsealed tool, with `needsApproval: async () => false`.
const conditionalTool = tool({
  name: 'refund',
  description: 'Refund',
  parameters: refundSchema,
  needsApproval: async () => false,
  execute,
});
await stepRow(
  'OpenAI Agents run(), unsealed tool with a conditional `needsApproval` (SDK floor)',
  {
    unsealed: once(unsealedAgent),
    sealed: once(new Agent({ name: 'support-bot', model, tools: [conditionalTool] })),
  },
  undefined,
);
