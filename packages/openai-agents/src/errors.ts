import { ArgsealAdapterError, hasMarker } from '@argseal/core/kit';

const MARKER = Symbol.for('argseal.error.openai-agents');

/**
 * Stable codes of {@link ArgsealAgentsError} (the package README says when each is thrown;
 * `unsealable_tool`: nothing runs unsealed; `edit_denied`: the policy refuses an edit).
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
export class ArgsealAgentsError extends ArgsealAdapterError<ArgsealAgentsErrorCode> {
  constructor(code: ArgsealAgentsErrorCode, message: string) {
    super(code, message);
    this.name = 'ArgsealAgentsError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealAgentsError {
    return hasMarker(value, MARKER);
  }
}
