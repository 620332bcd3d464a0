import { ToolArgumentsValidationError, type ValidationErrorCode } from '../errors.js';
import { toJsonPointer } from './json-pointer.js';
import { agreesWithStrictRules } from './parsed-text-check.js';
import { DomainFault, depthLimit } from './strict-domain.js';
import { parseStrictReference } from './strict-parser.js';
import type { JsonValue } from './types.js';

/** Default nesting limit for {@link parseStrictJson} and {@link createSnapshot}. */
export const DEFAULT_MAX_DEPTH = 64;
/** Default size limit for {@link parseStrictJson}, in UTF-16 code units (1 MiB). */
export const DEFAULT_MAX_LENGTH = 1_048_576;

/** Limits and error attribution for {@link parseStrictJson}. */
export interface ParseStrictJsonOptions {
  /** Deepest allowed nesting of arrays/objects. Default 64. */
  maxDepth?: number;
  /** Longest allowed text, in UTF-16 code units. Default 1 MiB. */
  maxLength?: number;
  /** Tool name to attribute errors to. */
  tool?: string;
}

/**
 * Strictly decodes a provider's raw argument string. Beyond `JSON.parse` it rejects
 * duplicate keys, literals whose value lies beyond ±(2^53−1) in any spelling, literals that
 * overflow to ±Infinity or underflow to zero, `-0`, lone surrogates (raw or escaped), trailing data and depth/size past limits.
 * Keys such as `__proto__` become own data properties. Errors never contain the payload.
 *
 * @throws {ToolArgumentsValidationError} stage `decode`.
 */
export function parseStrictJson(text: string, options?: ParseStrictJsonOptions): JsonValue {
  const tool = options?.tool;
  if (typeof text !== 'string') throw fail('invalid_input', [], tool);
  const maxLength = options?.maxLength ?? DEFAULT_MAX_LENGTH;
  if (text.length > maxLength) throw fail('max_length_exceeded', [], tool);
  const maxDepth = depthLimit(options?.maxDepth, DEFAULT_MAX_DEPTH);
  // Two passes: the engine's parser, then a linear check that the text breaks no strict
  // rule JSON.parse lets through. Anything unproven goes to the reference parser, which
  // gives the verdict, the code and the path.
  let fast: unknown;
  try {
    fast = JSON.parse(text);
  } catch {
    fast = NOT_PARSED;
  }
  if (fast !== NOT_PARSED && agreesWithStrictRules(text, fast, maxDepth)) return fast as JsonValue;
  try {
    return parseStrictReference(text, maxDepth);
  } catch (e) {
    // faults carry their path up the recursion; the pointer is built only here
    if (e instanceof DomainFault) throw e.toError('decode', tool);
    throw e;
  }
}

const NOT_PARSED: unique symbol = Symbol('not parsed');

function fail(
  code: ValidationErrorCode,
  path: readonly (string | number)[],
  tool: string | undefined,
): ToolArgumentsValidationError {
  return new ToolArgumentsValidationError({
    stage: 'decode',
    code,
    path: toJsonPointer(path),
    tool,
  });
}
