import type { ApprovalRule } from '../approvals/four-eyes.js';
import type { JsonValue } from '../json/types.js';

/** One step of a policy's reasoning, recorded in the audit trail. */
export interface PolicyTrace {
  /** Name of the rule that produced this step, e.g. `moneyLimit`. */
  rule: string;
  decision: PolicyDecision['type'];
  reason?: string;
  /** True when the rule ran in shadow mode and did not block. */
  shadow?: boolean;
}

/** What a policy decides for one call. */
export type PolicyDecision =
  | { type: 'allow'; reason?: string; trace?: PolicyTrace[] }
  | { type: 'deny'; reason: string; trace?: PolicyTrace[] }
  | {
      type: 'require_approval';
      reason: string;
      trace?: PolicyTrace[];
      /** `high`: the console asks the approver to confirm before approving. */
      risk?: 'high';
      /**
       * Four eyes: how many distinct approvers (and from which group) this call needs, and
       * whether its requester is barred. Enforced by the approval store. A malformed rule
       * denies the call (`invalid_policy_decision`).
       */
      approvals?: ApprovalRule;
    };

/** Everything a policy may look at. `parsedArguments` is the frozen snapshot. */
export interface ToolPolicyInput<Context = unknown> {
  agent: string;
  tool: string;
  toolCallId: string;
  /** The provider's raw argument text, when the adapter saw it. */
  rawArguments: string | undefined;
  /** Decoded copy of the arguments as requested, before rewrite and schema. */
  requestedArguments: JsonValue;
  /**
   * The call's deep-frozen snapshot: the exact arguments that would execute. Read-only
   * (a write throws in strict code, and the call is denied `policy_error`); the tool
   * runs on its own fresh copy.
   */
  parsedArguments: JsonValue;
  argsCanonicalJson: string;
  proposalHash: string;
  /** Application-owned server context (identity, scope). Never model-filled. */
  context: Context;
}

/** A policy: allow, deny or require approval. Throwing or returning garbage denies. */
export type ToolPolicy<Context = unknown> = (
  input: ToolPolicyInput<Context>,
) => PolicyDecision | Promise<PolicyDecision>;

/** `enforce` blocks as decided; `shadow` records decisions and executes anyway. */
export type PolicyMode = 'enforce' | 'shadow';
