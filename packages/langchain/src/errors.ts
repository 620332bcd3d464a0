import { type AdapterErrorDetails, ArgsealAdapterError, hasMarker } from '@argseal/core/kit';

const LANGCHAIN_MARKER = Symbol.for('argseal.error.langchain');

/** Stable codes of {@link ArgsealLangChainError}. */
export type ArgsealLangChainErrorCode =
  /** A tool is neither an argseal tool nor a LangChain StructuredTool with a Standard Schema. */
  | 'unsupported_tool'
  /** Two tools share a name. */
  | 'duplicate_tool'
  /** The policy denied the call; nothing ran. */
  | 'denied'
  /** The call needs an approval and no live grant matches its proposal hash; nothing ran. */
  | 'approval_required'
  /** The tool ran and threw. */
  | 'tool_failed'
  /**
   * A call needs approval and the agent has no checkpointer to pause on: give `createAgent`
   * a `checkpointer` (e.g. `new MemorySaver()`) and invoke with `configurable.thread_id`.
   * Nothing ran.
   */
  | 'missing_checkpointer'
  /** `approveAll` options that are not an object or have a key other than approver, note. */
  | 'invalid_approval_options';

/**
 * Base error of `@argseal/langchain`. Messages name the tool and the code, never the
 * arguments.
 */
export class ArgsealLangChainError extends ArgsealAdapterError<ArgsealLangChainErrorCode> {
  constructor(code: ArgsealLangChainErrorCode, message: string, details: AdapterErrorDetails = {}) {
    super(code, message, details);
    this.name = 'ArgsealLangChainError';
    Object.defineProperty(this, LANGCHAIN_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealLangChainError {
    return hasMarker(value, LANGCHAIN_MARKER);
  }
}
