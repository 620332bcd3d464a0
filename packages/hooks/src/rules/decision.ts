import type { PolicyDecision } from '@argseal/core';

/** What a configured rule decides. */
export type RuleDecision = 'allow' | 'deny' | 'require_approval';

/** Every RuleDecision, for validating configs. */
export const RULE_DECISIONS: readonly RuleDecision[] = ['allow', 'deny', 'require_approval'];

/** A core PolicyDecision for a rule's decision and reason. */
export function toPolicyDecision(decision: RuleDecision, reason: string): PolicyDecision {
  return decision === 'allow' ? { type: 'allow', reason } : { type: decision, reason };
}
