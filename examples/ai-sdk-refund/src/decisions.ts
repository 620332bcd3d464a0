import type { AuditRecord, AuditSink, PolicyDecision } from '@argseal/core';
import { decidedBy } from '@argseal/policies';
import { c } from './colors.js';

const paintDecision = (type: string) =>
  type === 'allow' ? c.green(type) : type === 'deny' ? c.red(type) : c.yellow(type);

export interface DecisionSummary {
  tool: string;
  decision: string;
  /** The rule that decided (`decidedBy` over the record's trace). */
  rule: string | undefined;
  reason: string | undefined;
}

/** Which rule decided the call of an audit `decided` record. */
export function summarizeDecision(record: AuditRecord): DecisionSummary {
  const decision = {
    type: record.decision,
    reason: record.reason,
    trace: record.trace,
  } as PolicyDecision;
  const rule = decidedBy(decision);
  return {
    tool: record.tool ?? '',
    decision: record.decision ?? '',
    rule: rule?.rule,
    reason: rule?.reason,
  };
}

/** One line per policy decision: the rule that decided, plus the other rules asked. */
function formatDecision(record: AuditRecord): string {
  const rule = summarizeDecision(record);
  const others = (record.trace ?? []).filter((e) => e.rule !== rule.rule || e.shadow === true);
  const also = others.length
    ? c.dim(`  also asked: ${others.map((e) => `${e.rule} ${e.decision}`).join(', ')}`)
    : '';
  const why = rule.reason ? ` (${rule.reason})` : '';
  return `  ${c.magenta('policy')} ${paintDecision(rule.decision)} by ${c.bold(rule.rule ?? 'unknown rule')}${why}${also}`;
}

/** Lines of the policy decisions of one turn, keyed by tool call id. */
export type DecisionLines = Map<string, string[]>;

/**
 * Collects the `decided` audit records appended since the previous call, so each call
 * printed can show which rule of the composed policy decided it.
 */
export function createDecisionCollector(audit: AuditSink): () => Promise<DecisionLines> {
  let seen = 0;
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
