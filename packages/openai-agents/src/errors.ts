import { ArgsealError } from '@argseal/core';

const MARKER = Symbol.for('argseal.error.openai-agents');

/**
 * Stable codes thrown by `@argseal/openai-agents`:
 * - `unsealable_tool`: a tool whose schema and execute argseal cannot reach (a plain SDK
 *   `tool()`, a hosted tool, an agent-as-tool). Closed by default: nothing runs unsealed.
 * - `duplicate_tool`: two tools with one name.
 * - `unsealed_handoff`: a handoff target agent was not sealed.
 * - `invalid_model`: the agent's model is neither a `Model` nor a model name.
 * - `not_a_tool_interruption`: the item is not a function-tool approval of a sealed tool.
 * - `interruption_not_found`: no interruption with that tool call id in the RunState.
 * - `invalid_arguments`: the interruption's arguments fail the pipeline (stage/code in message).
 * - `proposal_not_found`: no pending proposal in the store for the interruption's proposal
 *   hash (the RunState text was edited, or the proposal was already decided).
 */
export class ArgsealAgentsError extends ArgsealError {
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'ArgsealAgentsError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealAgentsError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MARKER] === true
    );
  }
}
