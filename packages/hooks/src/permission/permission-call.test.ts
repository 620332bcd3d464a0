import { describe, expect, it } from 'vitest';
import { permissionCall } from './permission-call.js';

describe('permissionCall', () => {
  it('reads { tool_name, input, tool_use_id } canonically', () => {
    const call = permissionCall(
      { tool_name: 'Bash', input: { b: 1, a: 'x' }, tool_use_id: 'toolu_1' },
      '/p',
      'me',
    );
    expect(call).toEqual({
      tool: 'Bash',
      toolCallId: 'toolu_1',
      inputText: '{"a":"x","b":1}',
      provenance: 'decoded_only',
      context: { host: 'claude-code', sessionId: '', cwd: '/p', user: 'me' },
    });
  });

  const bad: [string, unknown, string][] = [
    ['no arguments', undefined, '/tool_name'],
    ['empty tool name', { tool_name: '', input: {} }, '/tool_name'],
    ['input not an object', { tool_name: 'Bash', input: 'ls' }, '/input'],
    ['input an array', { tool_name: 'Bash', input: [] }, '/input'],
    ['bad id', { tool_name: 'Bash', input: {}, tool_use_id: 3 }, '/tool_use_id'],
  ];
  for (const [name, args, path] of bad) {
    it(name, () => {
      expect(() => permissionCall(args, '/p', 'me')).toThrow(
        expect.objectContaining({ code: 'invalid_hook_input', path }),
      );
    });
  }

  it('values outside the strict domain are refused before any store is touched', () => {
    expect(() =>
      permissionCall({ tool_name: 'Bash', input: { n: Number.NaN } }, '/p', 'me'),
    ).toThrow(expect.objectContaining({ code: 'non_finite_number' }));
  });
});
