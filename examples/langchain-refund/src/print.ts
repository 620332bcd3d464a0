import type { ArgsealApprovalRequest } from '@argseal/langchain';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { c } from './colors.js';
import type { DecisionLines } from './decisions.js';

export type Log = (line: string) => void;

export function short(hash: string): string {
  return `${hash.slice(0, 12)}…`;
}

export function heading(log: Log, title: string): void {
  log('');
  log(c.bold(c.cyan(`▸ ${title}`)));
}

/**
 * Prints (and forgets) the policy decision lines of one tool call, or all of them. A call
 * decided again with the same outcome (each resume re-runs the policy) prints once, `×n`.
 */
export function printDecisions(log: Log, decisions: DecisionLines, id?: string): void {
  for (const key of id === undefined ? [...decisions.keys()] : [id]) {
    const counts = new Map<string, number>();
    for (const line of decisions.get(key) ?? []) counts.set(line, (counts.get(line) ?? 0) + 1);
    for (const [line, n] of counts) log(n > 1 ? `${line} ${c.dim(`×${n}`)}` : line);
    decisions.delete(key);
  }
}

/**
 * Prints the messages of a thread that were not printed yet; under each tool call, the
 * policy rule that decided it (calls decided again on resume: before their result).
 */
export function printer(log: Log) {
  const printed = new Map<string, number>();
  return (thread: string, messages: readonly BaseMessage[], decisions: DecisionLines) => {
    const from = printed.get(thread) ?? 0;
    for (const m of messages.slice(from)) printMessage(log, m, decisions);
    printed.set(thread, messages.length);
    printDecisions(log, decisions);
  };
}

function printMessage(log: Log, m: BaseMessage, decisions: DecisionLines): void {
  if (AIMessage.isInstance(m)) {
    const text = typeof m.content === 'string' ? m.content : '';
    if (text) log(`  ${c.blue('model')}  ${text}`);
    for (const call of m.tool_calls ?? []) {
      log(`  ${c.blue('model')}  calls ${c.bold(call.name)} ${c.dim(JSON.stringify(call.args))}`);
      printDecisions(log, decisions, call.id ?? '');
    }
    return;
  }
  if (ToolMessage.isInstance(m)) {
    printDecisions(log, decisions, m.tool_call_id);
    const details = (m.artifact as { argseal?: { code?: string } } | undefined)?.argseal;
    const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
    if (m.status === 'error')
      log(`  ${c.red(details?.code ?? 'error')} ${c.bold(m.name ?? '')}: ${text}`);
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
