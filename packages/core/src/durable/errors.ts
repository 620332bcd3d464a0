import { ArgsealError, hasMarker } from '../errors.js';

const DURABLE_MARKER = Symbol.for('argseal.error.durable');

/** Codes of {@link DurableWaitError}. */
export type DurableWaitErrorCode =
  | 'invalid_wait_options'
  | 'invalid_ticket'
  | 'invalid_execution_key'
  | 'invalid_arguments_text'
  | 'ledger_conflict';

/** An approval wait was used wrongly (bad options, a ticket for another tool, no step key). */
export class DurableWaitError extends ArgsealError {
  declare readonly code: DurableWaitErrorCode;

  constructor(code: DurableWaitErrorCode, message: string) {
    super(code, message);
    this.name = 'DurableWaitError';
    Object.defineProperty(this, DURABLE_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is DurableWaitError {
    return hasMarker(value, DURABLE_MARKER);
  }
}
