// Issue 19 goal 3: one agent step with one scripted tool call (2 KB arguments) through
// generateText, sealed with default settings (memory audit log and approvals as in the
// README) vs the same step with the plain AI SDK tool. Ratio in one run, interleaved.
import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { compareCpu } from '../../../bench/cpu-harness.mjs';
import { fmtNs } from '../../../bench/harness.mjs';
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
  return new MockLanguageModelV4({
    doGenerate: async () =>
      turn++ === 0
        ? {
            content: [{ type: 'tool-call', toolCallId: id, toolName: 'refund', input: smallText }],
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
  });
}

let total = 0;
const execute = async (input) => {
  total += input.amount;
  return { refunded: input.amount };
};
const plain = { refund: tool({ description: 'Refund', inputSchema: refundSchema, execute }) };
const audit = createMemoryAuditLog();
const authorizer = createAuthorizer({
  agent: 'support-bot',
  audit,
  approvals: createMemoryApprovalStore({ audit }),
  policy: ({ parsedArguments }) =>
    parsedArguments.amount <= 1_000_000 ? { type: 'allow' } : { type: 'deny', reason: 'ceiling' },
});
const refund = defineTool({ name: 'refund', description: 'Refund', schema: refundSchema, execute });
const sealed = sealTools({ refund }, { authorizer });
const prompt = 'Refund the damaged order';

const step = (settings) => async () => {
  const before = total;
  const r = await generateText({ ...settings(), prompt, stopWhen: stepCountIs(2) });
  const out = r.steps[0]?.toolResults[0]?.output;
  if (out?.refunded !== 125000 || total !== before + 125000)
    throw new Error(`unexpected step result ${JSON.stringify(out)}`);
};
const c = await compareCpu(
  {
    unsealed: step(() => ({ model: scriptedModel(), tools: plain })),
    sealed: step(() => sealed.settings(scriptedModel())),
  },
  { rounds: 11, sampleMs: 200 },
);
const ratio = c.sealed / c.unsealed;
console.log(
  '| agent step, 1 tool call (2 KB), CPU time | sealed | unsealed | ratio | goal | met |',
);
console.log('|---|---|---|---|---|---|');
console.log(
  `| AI SDK generateText, default settings | ${fmtNs(c.sealed)} | ${fmtNs(c.unsealed)} | ${ratio.toFixed(2)}x | ≤ 1.2x | ${ratio <= 1.2 ? 'met' : '**not met**'} |`,
);
