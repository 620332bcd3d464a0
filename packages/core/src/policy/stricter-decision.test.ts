import { describe, expect, it } from 'vitest';
import { stricterDecision } from './stricter-decision.js';
import type { PolicyDecision } from './types.js';

const allow: PolicyDecision = { type: 'allow' };
const deny = (reason: string): PolicyDecision => ({ type: 'deny', reason });
const ask = (reason: string, extra = {}): PolicyDecision => ({
  type: 'require_approval',
  reason,
  ...extra,
});

describe('stricterDecision: deny > require_approval > allow', () => {
  it('orders the three decisions whichever comes first', () => {
    const all = [allow, ask('a'), deny('d')];
    const rank = { allow: 0, require_approval: 1, deny: 2 };
    for (const a of all)
      for (const b of all) {
        const want = rank[a.type] >= rank[b.type] ? a.type : b.type;
        expect(stricterDecision(a, b).type).toBe(want);
      }
  });

  it('a deny keeps its own reason; the first deny wins', () => {
    expect(stricterDecision(ask('a'), deny('second'))).toEqual(deny('second'));
    expect(stricterDecision(deny('first'), deny('second'))).toEqual(deny('first'));
  });

  it('two approvals: the first reason, high risk if either, a rule asking as much as both', () => {
    const merged = stricterDecision(
      ask('first', { approvals: { required: 2, excludeRequester: true } }),
      ask('second', { risk: 'high', approvals: { required: 3, group: 'finance' } }),
    );
    expect(merged).toEqual({
      type: 'require_approval',
      reason: 'first',
      risk: 'high',
      approvals: { required: 3, group: 'finance', excludeRequester: true },
    });
  });

  it('one rule only: kept as is', () => {
    expect(stricterDecision(ask('first'), ask('second', { approvals: { group: 'ops' } }))).toEqual(
      ask('first', { approvals: { group: 'ops' } }),
    );
  });

  it('two different groups deny approval_groups_conflict', () => {
    expect(
      stricterDecision(
        ask('a', { approvals: { group: 'finance' } }),
        ask('b', { approvals: { group: 'ops' } }),
      ),
    ).toEqual(deny('approval_groups_conflict'));
  });

  it('concatenates traces, the first decision first; no trace without any', () => {
    const a: PolicyDecision = { type: 'allow', trace: [{ rule: 'x', decision: 'allow' }] };
    const b: PolicyDecision = {
      type: 'deny',
      reason: 'no',
      trace: [{ rule: 'y', decision: 'deny' }],
    };
    expect(stricterDecision(a, b).trace?.map((t) => t.rule)).toEqual(['x', 'y']);
    expect('trace' in stricterDecision(allow, allow)).toBe(false);
  });
});
