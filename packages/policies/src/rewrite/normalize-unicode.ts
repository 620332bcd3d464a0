import { ArgsealError, assertKnownOptions, type JsonValue, type RewriteHook } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { escapeToken } from '../internal/json-pointer.js';

/** A Unicode normalization form, as taken by `String.prototype.normalize`. */
export type UnicodeForm = 'NFC' | 'NFD' | 'NFKC' | 'NFKD';

/**
 * Options of {@link normalizeUnicode}. An unknown `form` throws {@link PolicyConfigError}
 * `invalid_policy_options` when the hook is created.
 */
export interface NormalizeUnicodeOptions {
  /** Normalization form. Default `NFC`. */
  form?: UnicodeForm;
  /** Also normalize object keys. Two keys that normalize alike make the hook throw. Default false. */
  keys?: boolean;
  /** Only rewrite for these tools. Omitted: every tool. */
  tools?: readonly string[];
}

const FORMS: ReadonlySet<string> = new Set(['NFC', 'NFD', 'NFKC', 'NFKD']);

function normalizeValue(value: JsonValue, form: UnicodeForm, keys: boolean, at: string): JsonValue {
  if (typeof value === 'string') return value.normalize(form);
  if (Array.isArray(value)) return value.map((v, i) => normalizeValue(v, form, keys, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, v] of Object.entries(value)) {
    const k = keys ? key.normalize(form) : key;
    if (Object.hasOwn(out, k)) {
      throw new ArgsealError(
        'normalize_key_collision',
        `normalizeUnicode: two keys normalize to the same key under ${at === '' ? '(root)' : at}`,
      );
    }
    Object.defineProperty(out, k, {
      value: normalizeValue(v, form, keys, `${at}/${escapeToken(k)}`),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * A rewrite hook that Unicode-normalizes every string in the arguments (and, with
 * `keys: true`, every key) before the call's identity exists, so `"é"` typed as
 * U+00E9 or as `e` + U+0301 seal to the same hash. argseal itself never normalizes: two
 * strings that differ in bytes are different requests. Opt in per team or per tool.
 * Returns `undefined` (no rewrite) when nothing changes.
 */
export function normalizeUnicode<C = unknown>(
  options: NormalizeUnicodeOptions = {},
): RewriteHook<C> {
  assertKnownOptions('normalizeUnicode', options, ['form', 'keys', 'tools']);
  const form = options.form ?? 'NFC';
  if (!FORMS.has(form)) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'normalizeUnicode: form must be NFC, NFD, NFKC or NFKD',
    );
  }
  const tools = options.tools ? new Set(options.tools) : undefined;
  const keys = options.keys === true;
  return (input) => {
    if (tools && !tools.has(input.tool)) return undefined;
    const out = normalizeValue(input.arguments, form, keys, '');
    return JSON.stringify(out) === JSON.stringify(input.arguments) ? undefined : out;
  };
}
