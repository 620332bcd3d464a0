// Issue 19 goal 3: one agent step with one scripted tool call (2 KB arguments) through
// generateText, sealed with default settings (memory audit log and approvals as in the
// README) vs the same step with the plain AI SDK tool. Ratio in one run, interleaved.
import * as core from '@argseal/core';
import { declareRawTextModel } from '@argseal/core';
import { generateText, stepCountIs, tool, zodSchema } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { stepRow, stepWorld } from '../../../bench/agent-step.mjs';
import { smallText } from '../../../bench/payloads.mjs';
import { refundSchema } from '../../../bench/refund-schema.mjs';
import { sealTools } from '../dist/index.js';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
let n = 0;
/** First turn: one refund call with the raw text; second turn: the final answer. */
function scriptedModel() {
  let turn = 0;
  const id = `call_${n++}`;
  // a scripted model passes its text through: declared, as the closed raw-text tables require
  return declareRawTextModel(
    new MockLanguageModelV4({
      doGenerate: async () =>
        turn++ === 0
          ? {
              content: [
                { type: 'tool-call', toolCallId: id, toolName: 'refund', input: smallText },
              ],
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'done' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            },
    }),
  );
}

const prompt = 'Refund the damaged order';
/** One row's world (its own authorizer, memory audit log and tools), both sides' steps. */
function row(unsealedSchema) {
  const { counter, authorizer, execute } = stepWorld(core);
  const plain = { refund: tool({ description: 'Refund', inputSchema: unsealedSchema, execute }) };
  const refund = core.defineTool({
    name: 'refund',
    description: 'Refund',
    schema: refundSchema,
    execute,
  });
  const sealed = sealTools({ refund }, { authorizer });
  const step = (settings) => async () => {
    const before = counter.total;
    const r = await generateText({ ...settings(), prompt, stopWhen: stepCountIs(2) });
    const out = r.steps[0]?.toolResults[0]?.output;
    if (out?.refunded !== 125000 || counter.total !== before + 125000)
      throw new Error(`unexpected step result ${JSON.stringify(out)}`);
  };
  return {
    unsealed: step(() => ({ model: scriptedModel(), tools: plain })),
    sealed: step(() => sealed.settings(scriptedModel())),
  };
}

await stepRow(
  'AI SDK generateText, default settings (unsealed: zod schema as the docs pass it)',
  row(refundSchema),
  1.2,
);
// The SDK converts a plain zod schema to JSON Schema again on every step; the sealed tool
// converts once. This row gives the unsealed side a schema converted once too
// (`zodSchema()`), so both sides do the same SDK work and the ratio is argseal's alone.
await stepRow(
  'AI SDK generateText, default settings (unsealed: `zodSchema()` converted once, same SDK work)',
  row(zodSchema(refundSchema)),
  1.2,
);
