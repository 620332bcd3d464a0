import { ArgsealError } from '@argseal/core';
import { hasMarker } from '@argseal/core/kit';

const MARKER = Symbol.for('argseal.error.openai-agents');

/** Stable codes of {@link ArgsealAgentsError}. */
export type ArgsealAgentsErrorCode =
  /** A tool argseal cannot reach (SDK `tool()`, hosted, agent-as-tool, MCP): nothing runs unsealed. */
  | 'unsealable_tool'
  /** Two tools with one name. */
  | 'duplicate_tool'
  /** A handoff target agent was not sealed. */
  | 'unsealed_handoff'
  /** The agent's model is neither a `Model` nor a model name. */
  | 'invalid_model'
  /** The item is not a function-tool approval of a sealed tool. */
  | 'not_a_tool_interruption'
  /** No interruption with that tool call id in the RunState. */
  | 'interruption_not_found'
  /** The interruption's (or the edit's) arguments fail the pipeline (stage/code in the message). */
  | 'invalid_arguments'
  /** No pending proposal for the interruption's call and hash (edited RunState, already decided). */
  | 'proposal_not_found'
  /** The policy refuses the edited call; nothing was decided. */
  | 'edit_denied';

/** Base error of `@argseal/openai-agents`. Messages name the tool and the code, never the arguments. */
export class ArgsealAgentsError extends ArgsealError {
  declare readonly code: ArgsealAgentsErrorCode;

  constructor(code: ArgsealAgentsErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'ArgsealAgentsError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealAgentsError {
    return hasMarker(value, MARKER);
  }
}
