import { ArgsealError, ToolArgumentsValidationError } from '@argseal/core';
import { HookError } from '../errors.js';
import { displayLine } from '../text/display-line.js';

/**
 * The one stderr line of a blocked call (exit 2): `argseal hook: blocked (<stage>/<code>[ at
 * <path>])`. It names where and why, never the call's arguments or the config's secrets.
 */
export function blockLine(error: unknown): string {
  let what: string;
  if (HookError.isInstance(error)) {
    what = `${error.stage}/${error.code}${error.path !== undefined ? ` at ${error.path || '(root)'}` : ''}`;
  } else if (ToolArgumentsValidationError.isInstance(error)) {
    what = `${error.stage}/${error.code} at ${error.path || '(root)'}`;
  } else if (ArgsealError.isInstance(error)) {
    what = `config/${error.code}`;
  } else {
    what = 'hook/internal_error';
  }
  return `argseal hook: blocked (${displayLine(what)})\n`;
}
