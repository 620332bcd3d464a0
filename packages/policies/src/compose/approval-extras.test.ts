import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { allOf } from './all-of.js';
import { alwaysAllow, alwaysDeny, alwaysRequireApproval } from './constant.js';
import { decidedBy } from './decided-by.js';
import { firstMatch, forTools } from './first-match.js';
import { named } from './named.js';
import { shadow } from './shadow.js';
import { withApprovals } from './with-approvals.js';

const input = policyInput({ amount: 1 });
const ask = (approvals?: object, risk?: 'high'): ToolPolicy =>
  function child() {
    return {
      type: 'require_approval',
      reason: 'r',
      ...(approvals ? { approvals } : {}),
      ...(risk ? { risk } : {}),
    } as PolicyDecision;
  };

describe('risk and four eyes survive composition', () => {
  it('allOf keeps the strictest: highest required, any excludeRequester, the group, high risk', async () => {
    const d = await allOf(
      ask({ required: 2 }),
      alwaysAllow(),
      ask({ required: 3, group: 'finance' }, 'high'),
      ask({ excludeRequester: true }),
    )(input);
    expect(d).toMatchObject({
      type: 'require_approval',
      reason: 'r',
      risk: 'high',
      approvals: { required: 3, group: 'finance', excludeRequester: true },
    });
    expect(await allOf(ask(undefined, 'high'), ask())(input)).toMatchObject({ risk: 'high' });
    const plain = await allOf(ask(), alwaysAllow())(input);
    expect('risk' in plain || 'approvals' in plain).toBe(false);
  });

  it('allOf: a deny still wins over four eyes; two different groups deny', async () => {
    const denied = await allOf(ask({ required: 2 }, 'high'), alwaysDeny('no'))(input);
    expect(denied).toMatchObject({ type: 'deny', reason: 'no' });
    expect('approvals' in denied || 'risk' in denied).toBe(false);
    const clash = await allOf(ask({ group: 'finance' }), ask({ group: 'legal' }))(input);
    expect(clash).toMatchObject({ type: 'deny', reason: 'approval_groups_conflict' });
    expect(decidedBy(clash)).toEqual({
      rule: 'allOf',
      decision: 'deny',
      reason: 'approval_groups_conflict',
    });
    expect(await allOf(ask({ group: 'a' }), ask({ group: 'a', required: 2 }))(input)).toMatchObject(
      { approvals: { group: 'a', required: 2 } },
    );
  });

  it('firstMatch and named keep the deciding rule risk and approvals', async () => {
    const p = firstMatch(
      forTools(['refund'], named('big', ask({ required: 2 }, 'high'))),
      alwaysAllow(),
    );
    expect(await p(policyInput({}, { tool: 'refund' }))).toMatchObject({
      type: 'require_approval',
      risk: 'high',
      approvals: { required: 2 },
    });
    const s = firstMatch(shadow(ask({ required: 5 })), ask({ required: 2 }));
    expect(((await s(input)) as { approvals?: unknown }).approvals).toEqual({ required: 2 });
  });

  it('a malformed risk or approvals from a child denies with invalid_policy_decision', async () => {
    for (const bad of [
      { approvals: { required: 0 } },
      { approvals: { required: 11 } },
      { approvals: { group: '' } },
      { approvals: { required: 2, quorum: 1 } },
      { approvals: 'two' },
      { risk: 'medium' },
    ]) {
      const p = (() => ({
        type: 'require_approval',
        reason: 'r',
        ...bad,
      })) as unknown as ToolPolicy;
      expect(await allOf(p)(input), JSON.stringify(bad)).toMatchObject({
        type: 'deny',
        reason: 'invalid_policy_decision',
      });
      expect(await firstMatch(p)(input)).toMatchObject({ reason: 'invalid_policy_decision' });
    }
  });

  it('alwaysRequireApproval takes risk and approvals; bad ones fail at construction', async () => {
    const p = alwaysRequireApproval('two_people', { approvals: { required: 2 }, risk: 'high' });
    expect(await p(input)).toMatchObject({
      type: 'require_approval',
      reason: 'two_people',
      risk: 'high',
      approvals: { required: 2 },
    });
    for (const options of [{ approvals: { required: 0 } }, { risk: 'low' }]) {
      expect(() => alwaysRequireApproval('x', options as never)).toThrow(
        expect.objectContaining({ code: 'invalid_policy_options' }),
      );
    }
  });

  it('withApprovals adds four eyes to any policy approvals, never to allow or deny', async () => {
    const wrapped = withApprovals(ask({ required: 3 }), { required: 2, excludeRequester: true });
    expect(await wrapped(input)).toMatchObject({
      type: 'require_approval',
      approvals: { required: 3, excludeRequester: true },
    });
    expect(await withApprovals(alwaysAllow(), { required: 2 })(input)).toMatchObject({
      type: 'allow',
    });
    const deny = await withApprovals(alwaysDeny('no'), { required: 2, risk: 'high' })(input);
    expect(deny).toMatchObject({ type: 'deny', reason: 'no' });
    expect('approvals' in deny).toBe(false);
    expect(await withApprovals(ask({ group: 'a' }), { group: 'b' })(input)).toMatchObject({
      type: 'deny',
      reason: 'approval_groups_conflict',
    });
    const boom: ToolPolicy = () => {
      throw new Error('secret');
    };
    expect(await withApprovals(boom, { required: 2 })(input)).toMatchObject({
      type: 'deny',
      reason: 'policy_error',
    });
    for (const options of [null, { required: 0 }, { group: 1 }, { risk: 'low' }])
      expect(() => withApprovals(ask(), options as never)).toThrow(
        expect.objectContaining({ code: 'invalid_policy_options' }),
      );
    // an unknown key is core's unknown_option, naming the nearest known key
    expect(() => withApprovals(ask(), { extra: 1 } as never)).toThrow(
      expect.objectContaining({ code: 'unknown_option', option: 'extra' }),
    );
    expect(() => withApprovals(1 as never, { required: 2 })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });
});
