/**
 * Why a character shown to a person can mislead: `bidi` reorders what is displayed
 * (`"acct_0000\u202E1999\u202C"` shows as `acct_00009991`), `invisible` takes no space
 * (zero-width, soft hyphen, variation selectors, tag characters, Hangul fillers),
 * `control` is a C0/C1 control or a line/paragraph separator, `noncharacter` is one of
 * the 66 Unicode noncharacters (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF).
 */
export type HiddenCharacterKind = 'bidi' | 'invisible' | 'control' | 'noncharacter';

/** One character found by {@link findHiddenCharacters}. */
export interface HiddenCharacter {
  /** UTF-16 index in the string. */
  index: number;
  codePoint: number;
  kind: HiddenCharacterKind;
}

const INVISIBLE_SINGLES = new Set([0x00ad, 0x034f, 0x115f, 0x1160, 0x180e, 0x3164, 0xfeff, 0xffa0]);

/** The {@link HiddenCharacterKind} of a code point, or `undefined` for an ordinary one. */
export function hiddenCharacterKind(cp: number): HiddenCharacterKind | undefined {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029) return 'control';
  if (cp < 0xad) return undefined;
  if (
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x061c
  )
    return 'bidi';
  if (
    INVISIBLE_SINGLES.has(cp) ||
    (cp >= 0x200b && cp <= 0x200d) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  )
    return 'invisible';
  if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) return 'noncharacter';
  return undefined;
}

/**
 * Every character of `text` a person could not see as it is, in one linear pass. The
 * console marks them, the CLI escapes them, and `unicodeGuard` in `@argseal/policies`
 * refuses or escalates them.
 */
export function findHiddenCharacters(text: string): HiddenCharacter[] {
  const out: HiddenCharacter[] = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const kind = hiddenCharacterKind(cp);
    if (kind) out.push({ index: i, codePoint: cp, kind });
    if (cp > 0xffff) i++;
  }
  return out;
}
