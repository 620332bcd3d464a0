import type { ToolPolicy } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { allOf } from './all-of.js';
import { alwaysAllow, alwaysDeny, alwaysRequireApproval } from './constant.js';
import { decidedBy } from './decided-by.js';
import { named } from './named.js';
import { shadow } from './shadow.js';

describe('shadow', () => {
  it('allows, recording what the policy would decide', async () => {
    expect(await shadow(alwaysRequireApproval('big', { name: 'm' }))(policyInput({}))).toEqual({
      type: 'allow',
      trace: [{ rule: 'm', decision: 'require_approval', reason: 'big', shadow: true }],
    });
  });

  it('records a throwing policy as a shadow deny and still allows', async () => {
    const boom: ToolPolicy = function boom() {
      throw new Error('x');
    };
    expect(await shadow(boom)(policyInput({}))).toEqual({
      type: 'allow',
      trace: [{ rule: 'boom', decision: 'deny', reason: 'policy_error', shadow: true }],
    });
    expect(await shadow(() => 42 as never, { name: 'g' })(policyInput({}))).toEqual({
      type: 'allow',
      trace: [{ rule: 'g', decision: 'deny', reason: 'invalid_policy_decision', shadow: true }],
    });
  });

  it('decidedBy skips shadow entries', async () => {
    const d = await allOf(
      shadow(alwaysDeny('x', { name: 's' })),
      alwaysAllow({ name: 'real' }),
    )(policyInput({}));
    expect(decidedBy(d)?.rule).toBe('real');
  });

  it('refuses a non-function', () => {
    expect(() => shadow(null as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });
});

describe('named', () => {
  it('names an untraced policy and prefixes a traced one', async () => {
    const plain: ToolPolicy = () => ({ type: 'deny', reason: 'r' });
    expect(await named('mine', plain)(policyInput({}))).toEqual({
      type: 'deny',
      reason: 'r',
      trace: [{ rule: 'mine', decision: 'deny', reason: 'r' }],
    });
    const composite = named(
      'payments',
      allOf(alwaysAllow({ name: 'a' }), alwaysDeny('no', { name: 'b' })),
    );
    const d = await composite(policyInput({}));
    expect(d.trace?.map((e) => e.rule)).toEqual(['payments/a', 'payments/b']);
    expect(decidedBy(d)?.rule).toBe('payments/b');
  });

  it('gives allOf the name for an untraced child', async () => {
    const d = await allOf(named('custom', () => ({ type: 'allow' })))(policyInput({}));
    expect(d.trace).toEqual([{ rule: 'custom', decision: 'allow' }]);
  });

  it('denies on throw and keeps shadow semantics', async () => {
    const d = await named('x', () => {
      throw new Error('boom');
    })(policyInput({}));
    expect(d).toMatchObject({ type: 'deny', reason: 'policy_error' });
    const inner = await allOf(named('s', shadow(alwaysDeny('no'))))(policyInput({}));
    expect(inner.type).toBe('allow');
    expect(inner.trace).toEqual([
      { rule: 's/alwaysDeny', decision: 'deny', reason: 'no', shadow: true },
    ]);
  });

  it('refuses an empty name', () => {
    expect(() => named('', alwaysAllow())).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => alwaysDeny('')).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });
});
