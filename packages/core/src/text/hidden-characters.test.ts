import { describe, expect, it } from 'vitest';
import { findHiddenCharacters, hiddenCharacterKind } from './hidden-characters.js';

describe('findHiddenCharacters', () => {
  it('finds the bidi override that makes acct_00001999 show as acct_00009991', () => {
    expect(findHiddenCharacters('acct_0000\u202e1999\u202c')).toEqual([
      { index: 9, codePoint: 0x202e, kind: 'bidi' },
      { index: 14, codePoint: 0x202c, kind: 'bidi' },
    ]);
  });

  it('classifies invisible, control and noncharacters; astral indexes are UTF-16', () => {
    expect(findHiddenCharacters('a\u200bb\u0007\u2028\u{e0041}\ufdd0\u{10ffff}')).toEqual([
      { index: 1, codePoint: 0x200b, kind: 'invisible' },
      { index: 3, codePoint: 7, kind: 'control' },
      { index: 4, codePoint: 0x2028, kind: 'control' },
      { index: 5, codePoint: 0xe0041, kind: 'invisible' },
      { index: 7, codePoint: 0xfdd0, kind: 'noncharacter' },
      { index: 8, codePoint: 0x10ffff, kind: 'noncharacter' },
    ]);
  });

  it('ordinary text, emoji with their variation selector excepted, is clean', () => {
    expect(findHiddenCharacters('Grüße, 東京, مرحبا, 😀 1.5')).toEqual([]);
    expect(hiddenCharacterKind(0x41)).toBeUndefined();
    expect(hiddenCharacterKind(0xfe0f)).toBe('invisible');
  });
});
