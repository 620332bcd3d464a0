import { ArgsealError } from '../errors.js';

const STRICT_FETCH_MARKER = Symbol.for('argseal.error.strict-fetch');

/** Codes of {@link StrictFetchError} (decode failures are `ToolArgumentsValidationError`s). */
export type StrictFetchErrorCode =
  /** An SSE stream broke the provider's event order (a delta for a call never opened...). */
  | 'invalid_stream'
  /** One call's argument text differs between its deltas and its completing events. */
  | 'inconsistent_arguments'
  /** A body, an event or the events held back for an open call passed its size limit. */
  | 'body_too_large';

/**
 * The strict fetch guard refused a provider response for its structure or size. Argument
 * texts and bodies that fail the strict decoder fail with a `ToolArgumentsValidationError`
 * (stage `decode`) instead. Messages never carry the payload.
 */
export class StrictFetchError extends ArgsealError {
  declare readonly code: StrictFetchErrorCode;

  constructor(code: StrictFetchErrorCode, message: string) {
    super(code, `strict fetch: ${message}`);
    this.name = 'StrictFetchError';
    Object.defineProperty(this, STRICT_FETCH_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is StrictFetchError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[STRICT_FETCH_MARKER] === true
    );
  }
}

/** Where the guard records the argument texts it checked (the kit's provenance registry). */
export interface CheckedCallRecorder {
  markChecked(entry: { toolCallId?: string | undefined; canonicalJson: string }): void;
}

/** Options of `createStrictFetch`. */
export interface StrictFetchOptions {
  /** Where checked calls are recorded. Default: the kit's default provenance registry. */
  registry?: CheckedCallRecorder;
  /** Largest JSON body, SSE event or held-back stream part, in UTF-16 code units. Default 16 Mi. */
  maxBodyLength?: number;
  /** Largest argument text of one call, in UTF-16 code units. Default 1 Mi. */
  maxArgumentsLength?: number;
  /** Deepest nesting of a body (argument objects count from the body's root). Default 128. */
  maxDepth?: number;
}

/** Resolved limits and the recorder, shared by the body and stream checkers. */
export interface GuardContext {
  recorder: CheckedCallRecorder;
  maxBodyLength: number;
  maxArgumentsLength: number;
  maxDepth: number;
}
