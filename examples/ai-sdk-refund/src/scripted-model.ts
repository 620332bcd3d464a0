import { declareRawTextModel } from '@argseal/core';
import { MockLanguageModelV4 } from 'ai/test';

type PromptPart = { type: string; toolName?: string; output?: { type: string } };
type PromptMessage = { role: string; content: unknown };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

function toolResults(prompt: PromptMessage[]): PromptPart[] {
  return prompt
    .filter((m) => m.role === 'tool' && Array.isArray(m.content))
    .flatMap((m) => (m.content as PromptPart[]).filter((p) => p.type === 'tool-result'));
}

function toolCalls(calls: { id: string; name: string; raw: string }[]) {
  return {
    content: calls.map((call) => ({
      type: 'tool-call' as const,
      toolCallId: call.id,
      toolName: call.name,
      input: call.raw, // raw provider text, exactly as a real model would send it
    })),
    finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

function summary(refund: PromptPart | undefined, orderId: string): string {
  return refund?.output?.type === 'json'
    ? `Your refund of 120.00 EUR for order ${orderId} is on its way. I cannot delete accounts, sorry.`
    : 'I could not complete the refund: it was not approved. I cannot delete accounts either.';
}

/**
 * Offline stand-in for a real model: looks the order up, then asks for a refund of
 * 120.00 EUR and (over-eagerly) to delete the customer, then summarizes.
 * The raw argument text uses odd spacing and key order on purpose. `orderId` is the
 * order the customer names (default `A-1001`, which the server lists for them).
 */
export function createScriptedSupportModel({ orderId = 'A-1001' }: { orderId?: string } = {}) {
  // each run (model instance) has its own tool-call ids, as a real provider's are: a call
  // decided in an earlier run (rejected, or consumed) is never mistaken for this run's
  const run = globalThis.crypto.randomUUID().slice(0, 8);
  return declareRawTextModel(
    new MockLanguageModelV4({
      provider: 'scripted',
      modelId: 'support-script',
      doGenerate: async ({ prompt }) => {
        const results = toolResults(prompt as PromptMessage[]);
        const done = results.map((p) => p.toolName ?? '');
        if (!done.includes('lookup_order')) {
          return toolCalls([
            { id: `call_lookup_${run}`, name: 'lookup_order', raw: `{"orderId": "${orderId}"}` },
          ]);
        }
        if (!done.includes('refund')) {
          return toolCalls([
            {
              id: `call_refund_${run}`,
              name: 'refund',
              raw: `{ "reason":"arrived damaged", "amount": 12000, "currency":"EUR", "orderId":"${orderId}" }`,
            },
            { id: `call_delete_${run}`, name: 'delete_customer', raw: '{"customerId":"C-42"}' },
          ]);
        }
        return {
          content: [
            {
              type: 'text' as const,
              text: summary(results.filter((p) => p.toolName === 'refund').at(-1), orderId),
            },
          ],
          finishReason: { unified: 'stop' as const, raw: 'stop' },
          usage,
          warnings: [],
        };
      },
    }),
  );
}
