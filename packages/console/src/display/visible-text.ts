// Interim copy until the shared finder from @argseal/policies lands (harden helper); then
// this file only maps its findings to the marker text.

/** A character an approver could not see or that reorders what they see. */
export interface HiddenCharacter {
  /** UTF-16 index in the string. */
  index: number;
  codePoint: number;
  kind: 'bidi' | 'invisible' | 'control';
}

function kindOf(cp: number): HiddenCharacter['kind'] | undefined {
  if (
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x061c
  )
    return 'bidi';
  if (
    (cp >= 0x200b && cp <= 0x200d) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    cp === 0xfeff ||
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x180e ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  )
    return 'invisible';
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029) return 'control';
  return undefined;
}

/** Every hidden character in `text`, in one linear pass. */
export function findHiddenCharacters(text: string): HiddenCharacter[] {
  const out: HiddenCharacter[] = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const kind = kindOf(cp);
    if (kind) out.push({ index: i, codePoint: cp, kind });
    if (cp > 0xffff) i++;
  }
  return out;
}
