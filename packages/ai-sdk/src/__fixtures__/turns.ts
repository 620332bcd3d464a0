import type { ModelMessage } from 'ai';
import { pendingApprovals } from './ai-sdk-harness.js';

type Part = { type: string; [key: string]: any };

export const start: ModelMessage[] = [{ role: 'user', content: 'help me' }];

/** History at pause plus a client message approving every pending request. */
export function approveAll(history: ModelMessage[]): ModelMessage[] {
  const content = pendingApprovals(history).map((p) => ({
    type: 'tool-approval-response' as const,
    approvalId: p.approvalId as string,
    approved: true,
  }));
  return [...structuredClone(history), { role: 'tool', content }];
}

export function toolResults(messages: readonly ModelMessage[]): Part[] {
  return messages
    .filter((m) => m.role === 'tool' && Array.isArray(m.content))
    .flatMap((m) => m.content as Part[])
    .filter((p) => p.type === 'tool-result');
}

export function resultFor(messages: readonly ModelMessage[], toolCallId: string): Part | undefined {
  return toolResults(messages)
    .filter((p) => p.toolCallId === toolCallId)
    .at(-1)?.output;
}
