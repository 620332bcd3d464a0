import type { JsonValue } from '@argseal/core';
import { findHiddenCharacters, type HiddenCharacterKind } from '@argseal/core/data';
import { escapeToken } from '../internal/json-pointer.js';

/** Stable reasons of {@link unicodeGuard}, one per kind of finding. */
export type UnicodeReason =
  | 'unicode_bidi_control'
  | 'unicode_invisible_character'
  | 'unicode_control_character'
  | 'unicode_noncharacter'
  | 'unicode_mixed_script';

/** One finding: where (a JSON Pointer to the string value, or to the key) and what. Never the text. */
export interface UnicodeFinding {
  path: string;
  /** True when the finding is in the member name at `path`, not in its value. */
  inKey: boolean;
  reason: UnicodeReason;
}

const REASON: Record<HiddenCharacterKind, UnicodeReason> = {
  bidi: 'unicode_bidi_control',
  invisible: 'unicode_invisible_character',
  control: 'unicode_control_character',
  noncharacter: 'unicode_noncharacter',
};

/** Scripts whose letters are confused with each other (`pаypal` with a Cyrillic `а`). */
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** True when one word (a run of letters, marks and digits) mixes Latin, Greek or Cyrillic letters. */
function mixesScripts(text: string): boolean {
  let seen = 0;
  for (const ch of text) {
    if (!WORD_CHAR.test(ch)) {
      seen = 0;
      continue;
    }
    const script = SCRIPTS.findIndex((re) => re.test(ch));
    if (script === -1) continue;
    seen |= 1 << script;
    if (seen & (seen - 1)) return true;
  }
  return false;
}

function inspect(
  text: string,
  path: string,
  inKey: boolean,
  options: FindOptions,
  out: UnicodeFinding[],
) {
  const reasons = new Set<UnicodeReason>();
  for (const found of findHiddenCharacters(text)) {
    if (
      found.kind === 'control' &&
      options.allowLineBreaks &&
      (found.codePoint === 9 || found.codePoint === 10 || found.codePoint === 13)
    )
      continue;
    if (options.kinds.has(found.kind)) reasons.add(REASON[found.kind]);
  }
  if (options.mixedScript && mixesScripts(text)) reasons.add('unicode_mixed_script');
  for (const reason of reasons) out.push({ path, inKey, reason });
}

/** What {@link findUnicodeHazards} reports. */
export interface FindOptions {
  kinds: ReadonlySet<HiddenCharacterKind>;
  mixedScript: boolean;
  /** Tab, line feed and carriage return are ordinary in text arguments. */
  allowLineBreaks: boolean;
}

/**
 * Every string (value or member name) in `value` with bidi controls, invisible characters,
 * controls, noncharacters or a word that mixes scripts, in document order. Linear.
 */
export function findUnicodeHazards(value: JsonValue, options: FindOptions): UnicodeFinding[] {
  const out: UnicodeFinding[] = [];
  const walk = (node: JsonValue, path: string): void => {
    if (typeof node === 'string') inspect(node, path, false, options, out);
    else if (Array.isArray(node)) for (const [i, v] of node.entries()) walk(v, `${path}/${i}`);
    else if (node !== null && typeof node === 'object') {
      for (const [key, v] of Object.entries(node)) {
        const at = `${path}/${escapeToken(key)}`;
        inspect(key, at, true, options, out);
        walk(v as JsonValue, at);
      }
    }
  };
  walk(value, '');
  return out;
}
