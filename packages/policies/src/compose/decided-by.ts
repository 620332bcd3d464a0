import type { PolicyDecision } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';

/**
 * The trace entry of the rule that decided: the first non-shadow entry whose decision
 * equals the final decision. `undefined` when the decision carries no such entry.
 */
export function decidedBy(decision: PolicyDecision): PolicyTrace | undefined {
  return decision.trace?.find((e) => e.shadow !== true && e.decision === decision.type);
}

/** The entries recorded by shadow policies: what they would have decided. */
export function shadowEntries(decision: PolicyDecision): PolicyTrace[] {
  return decision.trace?.filter((e) => e.shadow === true) ?? [];
}
