import type { JsonValue } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';

/**
 * A JSON Pointer (RFC 6901) compiled once at policy construction. One extension:
 * the segment `*` matches every element of an array (on an object it is the key `*`).
 */
export interface CompiledPointer {
  readonly source: string;
  readonly segments: readonly string[];
}

/** One place a pointer reached. `found: false` means the value is missing. */
export type PointerHit =
  | { readonly pointer: string; readonly found: true; readonly value: JsonValue }
  | { readonly pointer: string; readonly found: false };

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Compiles `pointer`; throws `invalid_json_pointer` naming `option` when malformed. */
export function compilePointer(pointer: unknown, option: string): CompiledPointer {
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
    throw new PolicyConfigError(
      'invalid_json_pointer',
      `${option}: expected a JSON Pointer string ("" or starting with "/")`,
    );
  }
  if (/~[^01]|~$/.test(pointer)) {
    throw new PolicyConfigError(
      'invalid_json_pointer',
      `${option}: "~" must be followed by 0 or 1 in ${JSON.stringify(pointer)}`,
    );
  }
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return Object.freeze({ source: pointer, segments: Object.freeze(segments) });
}

/** Compiles a non-empty list of pointers; throws on an empty or non-array list. */
export function compilePointers(pointers: unknown, option: string): readonly CompiledPointer[] {
  if (!Array.isArray(pointers) || pointers.length === 0) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      `${option}: expected a non-empty array of JSON Pointers`,
    );
  }
  return Object.freeze(pointers.map((p, i) => compilePointer(p, `${option}[${i}]`)));
}

function isRecord(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every place `compiled` reaches in `doc`. Object keys are looked up as own
 * properties only, so `__proto__` or `constructor` are data, never inherited members.
 * A wildcard over an empty array yields no hits.
 */
export function resolvePointer(doc: JsonValue, compiled: CompiledPointer): PointerHit[] {
  const hits: PointerHit[] = [];
  const walk = (value: JsonValue, depth: number, at: string): void => {
    if (depth === compiled.segments.length) {
      hits.push({ pointer: at, found: true, value });
      return;
    }
    const segment = compiled.segments[depth]!;
    if (Array.isArray(value)) {
      if (segment === '*') {
        value.forEach((item, index) => {
          walk(item, depth + 1, `${at}/${index}`);
        });
        return;
      }
      if (ARRAY_INDEX.test(segment) && Number(segment) < value.length) {
        walk(value[Number(segment)]!, depth + 1, `${at}/${segment}`);
        return;
      }
    } else if (isRecord(value) && Object.hasOwn(value, segment)) {
      walk(value[segment]!, depth + 1, `${at}/${escapeToken(segment)}`);
      return;
    }
    hits.push({ pointer: `${at}/${escapeToken(segment)}`, found: false });
  };
  walk(doc, 0, '');
  return hits;
}
