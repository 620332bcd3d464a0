import type { ArgsealApprovalRequest } from '@argseal/langchain';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { c } from './colors.js';

export type Log = (line: string) => void;

export function short(hash: string): string {
  return `${hash.slice(0, 12)}…`;
}

export function heading(log: Log, title: string): void {
  log('');
  log(c.bold(c.cyan(`▸ ${title}`)));
}

/** Prints the messages of a thread that were not printed yet. */
export function printer(log: Log) {
  const printed = new Map<string, number>();
  return (thread: string, messages: readonly BaseMessage[]) => {
    const from = printed.get(thread) ?? 0;
    for (const m of messages.slice(from)) printMessage(log, m);
    printed.set(thread, messages.length);
  };
}

function printMessage(log: Log, m: BaseMessage): void {
  if (AIMessage.isInstance(m)) {
    const text = typeof m.content === 'string' ? m.content : '';
    if (text) log(`  ${c.blue('model')}  ${text}`);
    for (const call of m.tool_calls ?? []) {
      log(`  ${c.blue('model')}  calls ${c.bold(call.name)} ${c.dim(JSON.stringify(call.args))}`);
    }
    return;
  }
  if (ToolMessage.isInstance(m)) {
    const details = (m.artifact as { argseal?: { status?: string } } | undefined)?.argseal;
    const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
    if (m.status === 'error')
      log(`  ${c.red(details?.status ?? 'error')} ${c.bold(m.name ?? '')}: ${text}`);
    else log(`  ${c.green('ran')}    ${c.bold(m.name ?? '')} → ${text}`);
  }
}

export function printRequest(log: Log, request: ArgsealApprovalRequest): void {
  for (const p of request.proposals) {
    log(`  ${c.yellow('pause')}  ${c.bold(p.tool)} ${c.dim(p.argsCanonicalJson)}`);
    log(
      `         proposal ${c.magenta(short(p.proposalHash))}  id ${c.dim(p.id.slice(0, 8))}  reason: ${p.reason}`,
    );
  }
  for (const r of request.refused ?? []) {
    log(
      `  ${c.red('refused')} ${r.code}${r.proposalHash ? ` (${short(r.proposalHash)})` : ''}: ${r.message}`,
    );
  }
}
