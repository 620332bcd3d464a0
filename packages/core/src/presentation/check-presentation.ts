import { ApprovalError } from '../errors.js';
import { canonicalize } from '../json/canonicalize.js';
import type { JsonObject } from '../json/types.js';

/** Largest `presentation` a proposal may carry, in UTF-16 code units of its canonical JSON. */
export const MAX_PRESENTATION_LENGTH = 16 * 1024;

/**
 * Checks a proposal's `presentation` before a store keeps it: a JSON object in the strict
 * domain whose canonical JSON is at most {@link MAX_PRESENTATION_LENGTH}. Returns a detached
 * copy (decoded from that canonical text).
 *
 * @throws {ApprovalError} `invalid_proposal`.
 */
export function checkPresentation(value: unknown): JsonObject {
  let text: string;
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new TypeError('not an object');
    text = canonicalize(value as JsonObject);
  } catch {
    throw new ApprovalError('invalid_proposal', 'presentation must be a JSON object');
  }
  if (text.length > MAX_PRESENTATION_LENGTH)
    throw new ApprovalError(
      'invalid_proposal',
      `presentation may be at most ${MAX_PRESENTATION_LENGTH} characters of canonical JSON`,
    );
  return JSON.parse(text) as JsonObject;
}
