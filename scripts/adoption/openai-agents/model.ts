// The reader's own model, scripted so the adoption files run offline: the first turn asks
// for a refund of order A-1 (12000 minor units), every later turn answers with text.
import type { Model, ModelResponse } from '@openai/agents';
import { Usage } from '@openai/agents';

const usage = () => new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 });
let turns = 0;

export const model: Model = {
  async getResponse(): Promise<ModelResponse> {
    const output: ModelResponse['output'] =
      turns++ === 0
        ? [
            {
              type: 'function_call',
              id: 'fc_1',
              callId: 'call-1',
              name: 'refund',
              status: 'completed',
              arguments: '{"orderId":"A-1","amount":12000}',
            },
          ]
        : [
            {
              type: 'message',
              id: `msg_${turns}`,
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'done' }],
            },
          ];
    return { usage: usage(), output, responseId: `resp_${turns}` };
  },
  getStreamedResponse() {
    throw new Error('not used');
  },
};

/** What the tools did, printed at the end of each program. */
export const executed: string[] = [];
