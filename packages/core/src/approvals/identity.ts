import { hiddenCharacterKind } from '../text/hidden-characters.js';

/** Longest approver, requester or token-holder name (before canonicalization). */
export const MAX_IDENTITY_LENGTH = 200;

/**
 * Why a name cannot be an identity: `empty` (nothing left once trimmed), `too_long` (over
 * {@link MAX_IDENTITY_LENGTH} characters), `hidden_character` (an invisible, control,
 * bidi or noncharacter code point: `bob\u200b` would look like `bob`).
 */
export type IdentityProblem = 'empty' | 'too_long' | 'hidden_character';

/**
 * What is wrong with `name` as an approver, requester or token name, or `undefined` when it
 * is usable. Configuration (console tokens, approver groups) and stores refuse such names
 * with a code; they never silently strip them.
 */
export function identityProblem(name: unknown): IdentityProblem | undefined {
  if (typeof name !== 'string' || name.trim() === '') return 'empty';
  if (name.length > MAX_IDENTITY_LENGTH) return 'too_long';
  for (let i = 0; i < name.length; i++) {
    const cp = name.codePointAt(i)!;
    if (hiddenCharacterKind(cp) !== undefined) return 'hidden_character';
    if (cp > 0xffff) i++;
  }
  return undefined;
}

/**
 * The one identity two names are compared on (four eyes, requester exclusion, the
 * console's token names): NFKC, case-folded (upper then lower case, so `ß` and `SS` meet),
 * invisible and control characters removed, whitespace runs collapsed to one space and
 * trimmed. `bob`, `Bob`, `bob `, `ｂｏｂ` and `bob\u200b` are one person. Stores keep the
 * name as given for display and compare on this.
 */
export function canonicalIdentity(name: string): string {
  let out = '';
  const text = name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const wide = cp > 0xffff;
    if (hiddenCharacterKind(cp) === undefined) out += wide ? text.slice(i, i + 2) : text[i];
    else if (cp === 0x09 || cp === 0x0a || cp === 0x0d) out += ' ';
    if (wide) i++;
  }
  return out.replace(/\s+/gu, ' ').trim();
}

/** True when `a` and `b` are the same identity under {@link canonicalIdentity}. */
export function sameIdentity(a: string, b: string): boolean {
  return canonicalIdentity(a) === canonicalIdentity(b);
}
