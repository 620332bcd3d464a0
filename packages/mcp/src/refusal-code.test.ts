import { describe, expect, it } from 'vitest';
import { toMcpRefusalCode } from './refusal-code.js';
import { REFUSAL_META_KEY, refusalResult } from './relay/refusal-result.js';

describe('refusal codes are closed', () => {
  it('keeps known codes and maps anything else to unrecognized_code', () => {
    expect(toMcpRefusalCode('duplicate_key')).toBe('duplicate_key');
    expect(toMcpRefusalCode('definition_not_approved')).toBe('definition_not_approved');
    for (const v of ['some_future_code', 'toString', '__proto__', '', 42, undefined, null]) {
      expect(toMcpRefusalCode(v)).toBe('unrecognized_code');
    }
  });

  it('a refusal result never carries an unknown code, in _meta or in the text', () => {
    const result = refusalResult({
      code: 'leaked_secret_sk_123' as never,
      stage: 'policy',
      tool: 'fs/write_file',
    });
    expect(result._meta).toEqual({
      [REFUSAL_META_KEY]: { code: 'unrecognized_code', stage: 'policy', tool: 'fs/write_file' },
    });
    expect(JSON.stringify(result)).not.toContain('leaked_secret');
    expect(JSON.stringify(result)).toContain('policy/unrecognized_code');
  });
});
