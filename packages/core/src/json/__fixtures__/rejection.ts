import { ToolArgumentsValidationError } from '../../errors.js';

/** Runs `fn` and returns the ToolArgumentsValidationError it throws; fails otherwise. */
export function rejection(fn: () => unknown): ToolArgumentsValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ToolArgumentsValidationError) return e;
    throw new Error(`expected a ToolArgumentsValidationError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected a ToolArgumentsValidationError, nothing was thrown');
}

/** A marker placed in payloads; no error message may ever contain it. */
export const SECRET = 'SECRET-PAYLOAD-7f3a';
