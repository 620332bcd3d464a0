import { ArgsealError } from '@argseal/core';
import { hasMarker } from '@argseal/core/kit';

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
  | 'tool_failed';

/**
 * Base error of `@argseal/langchain`. Messages name the tool and the code, never the
 * arguments.
 */
export class ArgsealLangChainError extends ArgsealError {
  declare readonly code: ArgsealLangChainErrorCode;
  readonly tool: string | undefined;
  /** Proposal hash of the call, when one was computed. */
  readonly proposalHash: string | undefined;

  constructor(
    code: ArgsealLangChainErrorCode,
    message: string,
    details: { tool?: string; proposalHash?: string; cause?: unknown } = {},
  ) {
    super(
      code,
      details.tool === undefined ? message : `tool "${details.tool}": ${message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.name = 'ArgsealLangChainError';
    this.tool = details.tool;
    this.proposalHash = details.proposalHash;
    Object.defineProperty(this, LANGCHAIN_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealLangChainError {
    return hasMarker(value, LANGCHAIN_MARKER);
  }
}
