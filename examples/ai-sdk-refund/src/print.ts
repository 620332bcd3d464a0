import type { ModelMessage } from 'ai';
import { c } from './colors.js';
import type { DecisionLines } from './decisions.js';

type Part = { type: string; [key: string]: any };

export type Log = (line: string) => void;

function partsOf(messages: readonly ModelMessage[], role: string): Part[] {
  return messages
    .filter((m) => m.role === role && Array.isArray(m.content))
    .flatMap((m) => m.content as Part[]);
}

export function short(hash: string): string {
  return `${hash.slice(0, 12)}…`;
}

/**
 * Prints what the model proposed and what it was told, turn by turn; under each call,
 * the policy rule that decided it (calls decided again on resume are printed last).
 */
export function printTurn(
  log: Log,
  messages: readonly ModelMessage[],
  decisions: DecisionLines = new Map(),
): void {
  const decisionsOf = (id: string) => {
    for (const line of decisions.get(id) ?? []) log(line);
    decisions.delete(id);
  };
  for (const message of messages) {
    if (!Array.isArray(message.content)) {
      if (message.role === 'assistant') log(`  ${c.blue('model')}  ${message.content}`);
      continue;
    }
    for (const part of message.content as Part[]) {
      if (part.type === 'text' && part.text) log(`  ${c.blue('model')}  ${part.text}`);
      if (part.type === 'tool-call') {
        log(
          `  ${c.blue('model')}  calls ${c.bold(part.toolName)} ${c.dim(JSON.stringify(part.input))}`,
        );
        decisionsOf(part.toolCallId);
      }
      if (part.type === 'tool-approval-request' && part.isAutomatic !== true) {
        log(
          `  ${c.yellow('pause')}  ${part.toolCallId} waits for approval${part.reason ? `: ${part.reason}` : ''}`,
        );
      }
      if (part.type === 'tool-result') {
        decisionsOf(part.toolCallId);
        printResult(log, part);
      }
    }
  }
  for (const id of [...decisions.keys()]) decisionsOf(id);
}

function printResult(log: Log, part: Part): void {
  const out = part.output as Part;
  const name = c.bold(part.toolName);
  if (out.type === 'execution-denied') log(`  ${c.red('denied')} ${name}: ${out.reason ?? ''}`);
  else if (out.type === 'error-text' || out.type === 'error-json') {
    log(`  ${c.red('error')}  ${name}: ${String(out.value).slice(0, 160)}`);
  } else log(`  ${c.green('ran')}    ${name} → ${JSON.stringify(out.value)}`);
}

export function pendingRequests(messages: readonly ModelMessage[]): Part[] {
  const done = new Set(
    partsOf(messages, 'tool')
      .filter((p) => p.type === 'tool-result')
      .map((p) => p.toolCallId),
  );
  return partsOf(messages, 'assistant').filter(
    (p) => p.type === 'tool-approval-request' && p.isAutomatic !== true && !done.has(p.toolCallId),
  );
}

/** The client's "approved" message for every pending request (a claim, not a grant). */
export function approveMessage(messages: readonly ModelMessage[]): ModelMessage {
  return {
    role: 'tool',
    content: pendingRequests(messages).map((p) => ({
      type: 'tool-approval-response' as const,
      approvalId: p.approvalId as string,
      approved: true,
    })),
  };
}

export function heading(log: Log, title: string): void {
  log('');
  log(c.bold(c.cyan(`▸ ${title}`)));
}
