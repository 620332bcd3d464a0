import { ArgsealError } from '@argseal/core';
import { hasMarker } from '@argseal/core/kit';

const MARKER = Symbol.for('argseal.error.openai-agents');

/**
 * Stable codes of {@link ArgsealAgentsError}: `unsealable_tool` (a tool argseal cannot
 * reach: SDK `tool()`, hosted, agent-as-tool, MCP; nothing runs unsealed), `duplicate_tool`,
 * `unsealed_handoff` (a handoff target agent was not sealed), `invalid_model`,
 * `not_a_tool_interruption`, `interruption_not_found`, `invalid_arguments` (the
 * interruption's or the edit's arguments fail the pipeline; stage/code in the message),
 * `proposal_not_found` (no pending proposal for the call and hash: edited RunState, already
 * decided), `edit_denied` (the policy refuses the edited call; nothing was decided).
 */
export type ArgsealAgentsErrorCode =
  | 'unsealable_tool'
  | 'duplicate_tool'
  | 'unsealed_handoff'
  | 'invalid_model'
  | 'not_a_tool_interruption'
  | 'interruption_not_found'
  | 'invalid_arguments'
  | 'proposal_not_found'
  | 'edit_denied';

/** Base error of `@argseal/openai-agents`. Messages name the tool and the code, never the arguments. */
export class ArgsealAgentsError extends ArgsealError {
  declare readonly code: ArgsealAgentsErrorCode;

  constructor(code: ArgsealAgentsErrorCode, message: string) {
    super(code, message);
    this.name = 'ArgsealAgentsError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealAgentsError {
    return hasMarker(value, MARKER);
  }
}
