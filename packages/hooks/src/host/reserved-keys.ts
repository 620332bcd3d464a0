import type { JsonObject } from '@argseal/core';
import { HookError } from '../errors.js';

/** Prefix of the reserved top-level keys. */
const RESERVED_KEY_PREFIX = 'argseal:';

/**
 * Refuses a tool input with a top-level key in the reserved `argseal:` namespace
 * (HookError `reserved_input_key` at `<base>/<key>`), with or without material context.
 */
export function assertNoReservedKeys(input: JsonObject, base: string): void {
  for (const key of Object.keys(input)) {
    if (key.startsWith(RESERVED_KEY_PREFIX)) {
      const token = key.replaceAll('~', '~0').replaceAll('/', '~1');
      throw new HookError('input', 'reserved_input_key', 'tool input uses a reserved key', {
        path: `${base}/${token}`,
      });
    }
  }
}
