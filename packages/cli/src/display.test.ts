import { describe, expect, it } from 'vitest';
import { displayPointer, displaySafe, quote } from './display.js';

describe('display', () => {
  it('leaves ordinary text alone, including non-ASCII', () => {
    expect(displaySafe('/a~1b/c~0d/0/é€😀 x')).toBe('/a~1b/c~0d/0/é€😀 x');
  });

  it('escapes controls, separators, bidi controls, lone surrogates and backslash', () => {
    expect(displaySafe('a\nb\r\t\u0000\u007f\u009b')).toBe(
      'a\\u000ab\\u000d\\u0009\\u0000\\u007f\\u009b',
    );
    expect(displaySafe('\u2028\u2029\u202e\u2066\u200f\u061c')).toBe(
      '\\u2028\\u2029\\u202e\\u2066\\u200f\\u061c',
    );
    expect(displaySafe('x\ud800y\udfff')).toBe('x\\ud800y\\udfff');
    expect(displaySafe('\ud83d\ude00')).toBe('\ud83d\ude00');
    expect(displaySafe('a\\b')).toBe('a\\\\b');
  });

  it('prints the empty pointer as (root) and quotes tokens', () => {
    expect(displayPointer('')).toBe('(root)');
    expect(displayPointer('/')).toBe('/');
    expect(quote('say "hi"\n')).toBe('"say \\"hi\\"\\u000a"');
  });
});
