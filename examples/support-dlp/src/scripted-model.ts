import { declareRawTextModel } from '@argseal/core';
import { MockLanguageModelV4 } from 'ai/test';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

/** Assembled at run time so no scanner mistakes this file for a leak; not a real token. */
export const INTERNAL_TOKEN = `ghp_${'Zx9Yw8Vu7T'.repeat(3)}s6R5q4`;

/**
 * Offline stand-in for a model that read the customer's message and the internal notes,
 * and now (over-helpfully) quotes them: a reply with the card number, a vendor ticket
 * with the customer's IBAN, and a reply that pastes the internal API token. The raw
 * argument text is what a provider would send.
 */
export function createScriptedModel() {
  const call = (toolCallId: string, toolName: string, input: object) => ({
    type: 'tool-call' as const,
    toolCallId,
    toolName,
    input: JSON.stringify(input),
  });
  return declareRawTextModel(
    new MockLanguageModelV4({
      provider: 'scripted',
      modelId: 'support-dlp-script',
      doGenerate: async ({ prompt }) => {
        if (prompt.some((m) => m.role === 'tool')) {
          return {
            content: [{ type: 'text' as const, text: 'Done: replied, and asked the vendor.' }],
            finishReason: { unified: 'stop' as const, raw: 'stop' },
            usage,
            warnings: [],
          };
        }
        return {
          content: [
            call('call_reply', 'send_reply', {
              ticketId: 'T-7',
              body: 'Hi Ada, the double charge on your card 4111 1111 1111 1111 has been refunded.',
            }),
            call('call_vendor', 'forward_to_vendor', {
              vendor: 'acme-payments',
              note: 'Please wire the refund to DE89 3704 0044 0532 0130 00 (Ada Lovelace).',
            }),
            call('call_token', 'send_reply', {
              ticketId: 'T-7',
              body: `You can check the status yourself with our API key ${INTERNAL_TOKEN}.`,
            }),
          ],
          finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
          usage,
          warnings: [],
        };
      },
    }),
  );
}
