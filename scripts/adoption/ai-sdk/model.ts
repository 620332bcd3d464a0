// The reader's own model, scripted so the adoption files run offline: the first turn asks
// for a refund of order A-1 (12000 minor units), every later turn answers with text.
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
let turns = 0;

export const model = new MockLanguageModelV4({
  doGenerate: async () =>
    turns++ === 0
      ? {
          content: [
            {
              type: 'tool-call' as const,
              toolCallId: 'call-1',
              toolName: 'refund',
              input: '{"orderId":"A-1","amount":12000}',
            },
          ],
          finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
          usage,
          warnings: [],
        }
      : {
          content: [{ type: 'text' as const, text: 'done' }],
          finishReason: { unified: 'stop' as const, raw: 'stop' },
          usage,
          warnings: [],
        },
  doStream: async () => ({ stream: convertArrayToReadableStream([]) }),
});

/** What the tools did, printed at the end of each program. */
export const executed: string[] = [];
