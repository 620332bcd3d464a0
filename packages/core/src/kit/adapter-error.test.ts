import { describe, expect, it } from 'vitest';
import { ArgsealError } from '../errors.js';
import { ArgsealAdapterError } from './adapter-error.js';

describe('ArgsealAdapterError', () => {
  it('carries the code, tool and proposal and names the tool in the message', () => {
    const cause = new Error('inner');
    const error = new ArgsealAdapterError<'denied'>('denied', 'the policy denied the call', {
      tool: 'refund',
      proposalHash: 'a'.repeat(64),
      cause,
    });
    expect(error.code).toBe('denied');
    expect(error.message).toBe('tool "refund": the policy denied the call');
    expect(error.tool).toBe('refund');
    expect(error.proposalHash).toBe('a'.repeat(64));
    expect(error.cause).toBe(cause);
    expect(ArgsealError.isInstance(error)).toBe(true);
  });

  it('without details: the bare message, no tool, no cause', () => {
    const error = new ArgsealAdapterError('x', 'bare');
    expect(error.message).toBe('bare');
    expect(error.tool).toBeUndefined();
    expect('cause' in error).toBe(false);
  });
});
