import { canonicalize, parseStrictJson, type ToolArgumentsValidationError } from '@argseal/core';

/**
 * Key of the placeholder arguments the model seam writes into history when the
 * provider's text cannot be decoded (or is not a JSON object). The SDK would otherwise
 * `JSON.parse` the text itself (lossy) or force an approval for it; the placeholder
 * carries stage, code and path only, never the payload. A placeholder is never executed.
 */
export const INVALID_ARGUMENTS_KEY = 'argseal_invalid_arguments';

export interface InvalidFacts {
  stage: string;
  code: string;
  path: string;
}

export function invalidMarkerText(error: ToolArgumentsValidationError): string {
  return canonicalize({
    [INVALID_ARGUMENTS_KEY]: { stage: error.stage, code: error.code, path: error.path },
  });
}

/** Reads a placeholder from a decoded value (as the SDK passes it to `needsApproval`). */
export function readInvalidMarker(value: unknown): InvalidFacts | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== INVALID_ARGUMENTS_KEY) return undefined;
  const facts = (value as Record<string, unknown>)[INVALID_ARGUMENTS_KEY];
  if (typeof facts !== 'object' || facts === null) return undefined;
  const { stage, code, path } = facts as Record<string, unknown>;
  if (typeof stage !== 'string' || typeof code !== 'string' || typeof path !== 'string') {
    return undefined;
  }
  return { stage, code, path };
}

/** Reads a placeholder from raw argument text. */
export function readInvalidMarkerText(text: string): InvalidFacts | undefined {
  if (!text.includes(INVALID_ARGUMENTS_KEY)) return undefined;
  try {
    return readInvalidMarker(parseStrictJson(text));
  } catch {
    return undefined;
  }
}
