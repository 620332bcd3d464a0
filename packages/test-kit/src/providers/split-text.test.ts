import { describe, expect, it } from 'vitest';
import { argumentDeltas, defaultSplitPoints, splitInsideEscapes, splitText } from './split-text.js';

describe('split points', () => {
  it('cuts inside every \\u escape but not after an escaped backslash', () => {
    const text = '{"a":"\\u0041\\\\u0042"}';
    expect(splitInsideEscapes(text)).toEqual([10]);
    expect(splitText(text, [10])).toEqual(['{"a":"\\u00', '41\\\\u0042"}']);
  });

  it('never separates a surrogate pair by default', () => {
    const text = `{"e":"${'x'.repeat(3)}\u{1F600}"}`;
    for (const p of defaultSplitPoints(text)) {
      const unit = text.charCodeAt(p);
      expect(unit >= 0xdc00 && unit <= 0xdfff).toBe(false);
    }
  });

  it('reassembles exactly; [] means one delta', () => {
    const text = '{"amount":12500,"to":"\\u00e9"}';
    expect(argumentDeltas(text, undefined).join('')).toBe(text);
    expect(argumentDeltas(text, [])).toEqual([text]);
    expect(splitText(text, [3, 3, 1, 999])).toEqual(['{"a', text.slice(3)]);
  });
});
