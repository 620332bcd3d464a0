import { ApprovalError, ArgsealError } from '@argseal/core';
import { HookError } from '@argseal/hooks';
import { describe, expect, it } from 'vitest';
import { approveRefusalCode } from './approve-refusal.js';

describe('approveRefusalCode (closed mapping of approve/<code>)', () => {
  it('keeps a HookError or ApprovalError code it knows', () => {
    expect(approveRefusalCode(new HookError('store', 'proposal_not_found', 'm'))).toBe(
      'proposal_not_found',
    );
    expect(approveRefusalCode(new HookError('config', 'config_not_found', 'm'))).toBe(
      'config_not_found',
    );
    expect(approveRefusalCode(new ApprovalError('duplicate_approval', 'm'))).toBe(
      'duplicate_approval',
    );
  });

  it.each([
    ['an unknown hook code', new HookError('store', 'store_melted' as never, 'm')],
    ['an approval code on a HookError', new HookError('store', 'duplicate_approval' as never, 'm')],
    ['an unknown store code', new ApprovalError('proposal_vanished' as never, 'm')],
    ['a prototype key', new ApprovalError('constructor' as never, 'm')],
    ['__proto__', new HookError('store', '__proto__' as never, 'm')],
    ['a payload as the code', new ApprovalError('\u001b[2J{"amount":5000}' as never, 'm')],
  ])('maps %s to unrecognized_code', (_label, error) => {
    expect(approveRefusalCode(error)).toBe('unrecognized_code');
  });

  it.each([
    ['another argseal error', new ArgsealError('invalid_input', 'm')],
    ['a plain error', new Error('m')],
    [
      'a HookError-named error without a string code',
      Object.assign(new Error('m'), { name: 'HookError', code: 7 }),
    ],
    ['undefined', undefined],
    ['null', null],
  ])('leaves %s to the internal line', (_label, error) => {
    expect(approveRefusalCode(error)).toBeUndefined();
  });
});
