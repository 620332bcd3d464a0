import type { AuditRecord, AuditSink, PolicyDecision } from '@argseal/core';
import { decidedBy } from '@argseal/policies';
import { bold, dim, green, magenta, red, yellow } from './colors.js';

const paintDecision = (type: string) =>
  type === 'allow' ? green(type) : type === 'deny' ? red(type) : yellow(type);

/** One line per policy decision: the rule that decided (`decidedBy`), plus the other rules asked. */
function formatDecision(record: AuditRecord): string {
  const decision = {
    type: record.decision,
    reason: record.reason,
    trace: record.trace,
  } as PolicyDecision;
  const rule = decidedBy(decision);
  const others = (record.trace ?? []).filter((e) => e !== rule);
  const also = others.length
    ? dim(`  also asked: ${others.map((e) => `${e.rule} ${e.decision}`).join(', ')}`)
    : '';
  const why = rule?.reason ? ` (${rule.reason})` : '';
  return `  ${magenta('rule  →')} ${paintDecision(record.decision ?? '?')} by ${bold(rule?.rule ?? 'unknown rule')}${why}${also}`;
}

/** Lines of the policy decisions of one step, keyed by tool call id. */
export type DecisionLines = Map<string, string[]>;

/**
 * Collects the `decided` audit records appended since the previous call (the audit log
 * is shared by every process), so each call printed shows which rule decided it.
 */
export async function createDecisionCollector(
  audit: AuditSink,
): Promise<() => Promise<DecisionLines>> {
  let seen = (await audit.records()).length;
  return async () => {
    const records = await audit.records();
    const lines: DecisionLines = new Map();
    for (const record of records.slice(seen)) {
      if (record.type !== 'decided') continue;
      const id = record.toolCallId ?? '';
      lines.set(id, [...(lines.get(id) ?? []), formatDecision(record)]);
    }
    seen = records.length;
    return lines;
  };
}

/** Prints and forgets the decision lines of one call (all of them when `id` is omitted). */
export function printDecisions(decisions: DecisionLines, id?: string): void {
  for (const key of id === undefined ? [...decisions.keys()] : [id]) {
    for (const line of decisions.get(key) ?? []) console.log(line);
    decisions.delete(key);
  }
}
