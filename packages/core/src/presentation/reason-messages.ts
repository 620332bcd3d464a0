/**
 * Human messages for policy reason codes, shown next to the code in the console. Packages
 * with their own reasons export a table of the same shape (`POLICY_REASON_MESSAGES` in
 * `@argseal/policies`); an application adds its own with `createConsoleServer({ reasonMessages })`.
 */
export type ReasonMessages = Readonly<Record<string, string>>;

/** Messages for the reasons core itself decides with. */
export const CORE_REASON_MESSAGES: ReasonMessages = Object.freeze({
  policy_error: 'The policy failed while checking this call, so it was denied.',
  policy_mutated_arguments:
    'The policy changed the arguments it was shown, so the call was denied.',
  invalid_policy_decision:
    'The policy returned something that is not a decision, so it was denied.',
  approval_store_missing: 'This call needs approval, but no approval store is configured.',
  approval_rejected: 'An approver rejected this exact call.',
  approval_used_up: 'This exact call already ran on its approval; a replay runs nothing.',
  arguments_changed_since_proposal: 'The arguments differ from the call that was approved.',
  shadow_mode: 'Shadow mode: the policy decision was recorded but did not block.',
});

/**
 * The message for a reason code from the first table that has it, or undefined. Only own
 * properties count (`constructor` is a code like any other).
 */
export function reasonMessage(
  code: string,
  tables: readonly (ReasonMessages | undefined)[],
): string | undefined {
  for (const table of tables) {
    if (table && Object.hasOwn(table, code)) {
      const message = table[code];
      if (typeof message === 'string' && message !== '') return message;
    }
  }
  return undefined;
}
