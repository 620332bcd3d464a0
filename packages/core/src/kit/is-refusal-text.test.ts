import { describe, expect, it } from 'vitest';
import { isRefusalText } from './is-refusal-text.js';
import { refusalText, toRefusal } from './refusal.js';

describe('isRefusalText', () => {
  it('recognises every refusalText and nothing else', () => {
    const where = { tool: 'refund', toolCallId: 'c1' };
    for (const value of [
      { status: 'denied', reason: 'no' },
      { status: 'failed', error: new Error('boom') },
      { type: 'deny', reason: 'approval_rejected' },
      new Error('x'),
    ]) {
      expect(isRefusalText(refusalText(toRefusal(value, where)))).toBe(true);
    }
    expect(isRefusalText('{"ok":true}')).toBe(false);
    expect(isRefusalText('argseal: fine')).toBe(false);
    expect(isRefusalText(42)).toBe(false);
  });
});
