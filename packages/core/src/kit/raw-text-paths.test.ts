import { describe, expect, it } from 'vitest';
import {
  argumentTextInput,
  declareRawTextModel,
  isDeclaredRawTextModel,
} from './raw-text-paths.js';
import { refusalText } from './refusal.js';

describe('raw-text paths', () => {
  it('a text on a proven path stays text; elsewhere it is decoded_only', () => {
    expect(argumentTextInput('{"a":1,"a":2}', true)).toBe('{"a":1,"a":2}');
    expect(argumentTextInput('{"a":1}', false)).toEqual({
      decoded: { a: 1 },
      provenance: 'decoded_only',
    });
    // not JSON: the strict decoder refuses the text itself with its own code
    expect(argumentTextInput('{"a":', false)).toBe('{"a":');
  });

  it('only a declared model object counts as declared', () => {
    const model = declareRawTextModel({ id: 'm' });
    expect(isDeclaredRawTextModel(model)).toBe(true);
    expect(isDeclaredRawTextModel({ id: 'm' })).toBe(false);
    expect(isDeclaredRawTextModel('m')).toBe(false);
    expect(isDeclaredRawTextModel(null)).toBe(false);
  });

  it('the raw_text_unavailable refusal names the fix', () => {
    const text = refusalText({ code: 'raw_text_unavailable', stage: 'decode', tool: 't' } as never);
    expect(text).toContain('createStrictFetch()');
    expect(text).toContain('allowDecodedOnly: true');
  });
});
