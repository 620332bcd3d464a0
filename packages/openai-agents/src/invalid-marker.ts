import { canonicalize, parseStrictJson, ToolArgumentsValidationError } from '@argseal/core';
import type { Refusal } from '@argseal/core/kit';

/**
 * Key of the placeholder arguments the model seam writes into history when the
 * provider's text cannot be decoded (or is not a JSON object). The SDK would otherwise
 * `JSON.parse` the text itself (lossy) or force an approval for it; the placeholder
 * carries stage, code and path only, never the payload. A placeholder is never executed.
 */
export const INVALID_ARGUMENTS_KEY = 'argseal_invalid_arguments';

export function invalidMarkerText(refusal: Refusal): string {
  const { stage, code, path = '' } = refusal;
  return canonicalize({ [INVALID_ARGUMENTS_KEY]: { stage, code, path } });
}

/**
 * Reads a placeholder from a decoded value (as the SDK passes it to `needsApproval`) as
 * the validation error it stands for.
 */
export function readInvalidMarker(
  value: unknown,
  tool?: string,
): ToolArgumentsValidationError | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== INVALID_ARGUMENTS_KEY) return undefined;
  const facts = (value as Record<string, unknown>)[INVALID_ARGUMENTS_KEY];
  if (typeof facts !== 'object' || facts === null) return undefined;
  const { stage, code, path } = facts as Record<string, unknown>;
  if (typeof stage !== 'string' || typeof code !== 'string' || typeof path !== 'string') {
    return undefined;
  }
  const known = ['decode', 'rewrite', 'schema', 'snapshot'].includes(stage);
  return new ToolArgumentsValidationError({
    stage: (known ? stage : 'decode') as ToolArgumentsValidationError['stage'],
    code,
    path,
    tool,
  });
}

/** Reads a placeholder from raw argument text. */
export function readInvalidMarkerText(text: string, tool?: string) {
  if (!text.includes(INVALID_ARGUMENTS_KEY)) return undefined;
  try {
    return readInvalidMarker(parseStrictJson(text), tool);
  } catch {
    return undefined;
  }
}
