import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { allOf } from './all-of.js';
import { alwaysAllow, alwaysDeny, alwaysRequireApproval } from './constant.js';
import { decidedBy } from './decided-by.js';
import { shadow } from './shadow.js';

const input = policyInput({ amount: 1 });

describe('allOf', () => {
  it('allows when every policy allows, with every rule in the trace', async () => {
    const d = await allOf(alwaysAllow({ name: 'a' }), alwaysAllow({ name: 'b' }))(input);
    expect(d).toEqual({
      type: 'allow',
      trace: [
        { rule: 'a', decision: 'allow' },
        { rule: 'b', decision: 'allow' },
      ],
    });
  });

  it('deny wins over approval over allow, and the trace names the decider', async () => {
    const d = await allOf(
      alwaysAllow({ name: 'a' }),
      alwaysRequireApproval('big', { name: 'b' }),
      alwaysDeny('nope', { name: 'c' }),
      alwaysDeny('later', { name: 'd' }),
    )(input);
    expect(d.type).toBe('deny');
    expect(d.reason).toBe('nope');
    expect(decidedBy(d)).toEqual({ rule: 'c', decision: 'deny', reason: 'nope' });
    expect(d.trace?.map((e) => e.rule)).toEqual(['a', 'b', 'c', 'd']);

    const a = await allOf(alwaysAllow(), alwaysRequireApproval('big', { name: 'b' }))(input);
    expect(a).toMatchObject({ type: 'require_approval', reason: 'big' });
    expect(decidedBy(a)?.rule).toBe('b');
  });

  it('treats a throwing or malformed policy as a deny', async () => {
    const boom: ToolPolicy = function boom() {
      throw new Error('secret payload');
    };
    const garbage = (() => ({ type: 'maybe' })) as unknown as ToolPolicy;
    const noReason = (() => ({ type: 'deny' })) as unknown as ToolPolicy;
    const d1 = await allOf(alwaysAllow(), boom)(input);
    expect(d1).toMatchObject({ type: 'deny', reason: 'policy_error' });
    expect(decidedBy(d1)).toEqual({ rule: 'boom', decision: 'deny', reason: 'policy_error' });
    expect(await allOf(garbage)(input)).toMatchObject({
      type: 'deny',
      reason: 'invalid_policy_decision',
    });
    expect(await allOf(noReason)(input)).toMatchObject({
      type: 'deny',
      reason: 'invalid_policy_decision',
    });
    const rejects: ToolPolicy = () => Promise.reject(new Error('x'));
    expect(await allOf(rejects)(input)).toMatchObject({ type: 'deny', reason: 'policy_error' });
    const anonymous = [() => Promise.reject(new Error('x'))] as ToolPolicy[];
    expect(decidedBy(await allOf(alwaysAllow(), ...anonymous)(input))?.rule).toBe('allOf[1]');
  });

  it('a shadow child never changes the outcome but is recorded', async () => {
    const d = await allOf(
      alwaysAllow({ name: 'live' }),
      shadow(alwaysDeny('would_block', { name: 'trial' })),
    )(input);
    expect(d.type).toBe('allow');
    expect(d.trace).toEqual([
      { rule: 'live', decision: 'allow' },
      { rule: 'trial', decision: 'deny', reason: 'would_block', shadow: true },
    ]);
  });

  it('refuses an empty list or a non-function at construction', () => {
    expect(() => allOf()).toThrow(expect.objectContaining({ code: 'invalid_policy_options' }));
    expect(() => allOf(1 as unknown as ToolPolicy)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('does not share trace objects with its children', async () => {
    const trace = [{ rule: 'own', decision: 'allow' as const }];
    const p: ToolPolicy = () => ({ type: 'allow', trace });
    const d = await allOf(p)(input);
    d.trace![0]!.rule = 'changed';
    expect(trace[0]!.rule).toBe('own');
  });

  it('property: the result is the strictest child decision', async () => {
    const rank = { allow: 0, require_approval: 1, deny: 2 } as const;
    const kinds = ['allow', 'require_approval', 'deny'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 8 }),
        async (types) => {
          const policies = types.map(
            (t, i): ToolPolicy =>
              () =>
                (t === 'allow' ? { type: t } : { type: t, reason: `r${i}` }) as PolicyDecision,
          );
          const d = await allOf(...policies)(input);
          const strictest = types.reduce((a, b) => (rank[b] > rank[a] ? b : a));
          expect(d.type).toBe(strictest);
          expect(d.trace).toHaveLength(types.length);
          if (strictest !== 'allow') expect(d.reason).toBe(`r${types.indexOf(strictest)}`);
        },
      ),
    );
  });
});
