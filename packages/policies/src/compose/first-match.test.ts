import type { ToolPolicy } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { alwaysAllow, alwaysDeny, alwaysRequireApproval } from './constant.js';
import { decidedBy, shadowEntries } from './decided-by.js';
import { firstMatch, forTools, when } from './first-match.js';
import { shadow } from './shadow.js';

describe('firstMatch', () => {
  const policy = firstMatch(
    forTools(['transfer'], alwaysRequireApproval('transfer_needs_approval', { name: 'transfers' })),
    when((i) => i.agent === 'intern', alwaysDeny('intern_blocked', { name: 'interns' })),
    { name: 'reads', tools: ['read'], policy: alwaysAllow() },
  );

  it('the first matching rule decides', async () => {
    const t = await policy(policyInput({}, { tool: 'transfer', agent: 'intern' }));
    expect(t).toMatchObject({ type: 'require_approval', reason: 'transfer_needs_approval' });
    expect(decidedBy(t)?.rule).toBe('transfers');
    const i = await policy(policyInput({}, { tool: 'read', agent: 'intern' }));
    expect(i).toMatchObject({ type: 'deny', reason: 'intern_blocked' });
    const r = await policy(policyInput({}, { tool: 'read' }));
    expect(r.type).toBe('allow');
    expect(decidedBy(r)?.rule).toBe('alwaysAllow');
  });

  it('denies when no rule matches', async () => {
    const d = await policy(policyInput({}, { tool: 'delete' }));
    expect(d).toEqual({
      type: 'deny',
      reason: 'no_rule_matched',
      trace: [{ rule: 'firstMatch', decision: 'deny', reason: 'no_rule_matched' }],
    });
  });

  it('a bare policy always matches (catch-all)', async () => {
    const p = firstMatch(forTools(['x'], alwaysAllow()), alwaysDeny('default_deny'));
    expect(await p(policyInput({}, { tool: 'y' }))).toMatchObject({
      type: 'deny',
      reason: 'default_deny',
    });
  });

  it('shadow rules are traced but never stop the search', async () => {
    const p = firstMatch(
      shadow(alwaysDeny('would_deny', { name: 'trial' })),
      alwaysAllow({ name: 'live' }),
    );
    const d = await p(policyInput({}));
    expect(d.type).toBe('allow');
    expect(shadowEntries(d)).toEqual([
      { rule: 'trial', decision: 'deny', reason: 'would_deny', shadow: true },
    ]);
    expect(decidedBy(d)?.rule).toBe('live');
    const onlyShadow = firstMatch(shadow(alwaysAllow()));
    expect(await onlyShadow(policyInput({}))).toMatchObject({
      type: 'deny',
      reason: 'no_rule_matched',
    });
  });

  it('a matcher that throws or returns a non-boolean denies', async () => {
    const throws = firstMatch(
      when(() => {
        throw new Error('x');
      }, alwaysAllow()),
      alwaysAllow(),
    );
    expect(await throws(policyInput({}))).toMatchObject({ type: 'deny', reason: 'policy_error' });
    const truthy = firstMatch(when((() => 'yes') as never, alwaysAllow()), alwaysAllow());
    expect(await truthy(policyInput({}))).toMatchObject({
      type: 'deny',
      reason: 'invalid_policy_match',
    });
  });

  it('a rule policy that throws denies and does not fall through', async () => {
    const p = firstMatch(
      (() => {
        throw new Error('x');
      }) as ToolPolicy,
      alwaysAllow(),
    );
    expect(await p(policyInput({}))).toMatchObject({ type: 'deny', reason: 'policy_error' });
  });

  it('refuses bad rules at construction', () => {
    expect(() => firstMatch()).toThrow(expect.objectContaining({ code: 'invalid_policy_options' }));
    expect(() => firstMatch({} as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => firstMatch({ policy: alwaysAllow(), tools: 'x' } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => firstMatch({ policy: alwaysAllow(), when: true } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });
});
