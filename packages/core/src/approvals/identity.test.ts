import { describe, expect, it } from 'vitest';
import { ApprovalError } from '../errors.js';
import { checkFourEyes, checkVote } from './four-eyes.js';
import { canonicalIdentity, identityProblem, sameIdentity } from './identity.js';
import { normalizeDecision } from './validate.js';

/** Every spelling of bob the review found, plus full-width and NFKC forms. */
export const BOB_VARIANTS = ['Bob', 'BOB', 'bob ', ' bob', 'bob\t', 'ｂｏｂ', 'bob\u200b'];

describe('canonicalIdentity: one person, one identity', () => {
  it.each(BOB_VARIANTS)('%j is bob', (name) => {
    expect(canonicalIdentity(name)).toBe('bob');
    expect(sameIdentity(name, 'bob')).toBe(true);
  });

  it('case folding meets ß and SS; distinct people stay distinct', () => {
    expect(canonicalIdentity('Straße')).toBe(canonicalIdentity('STRASSE'));
    expect(canonicalIdentity('ann  lee')).toBe('ann lee');
    expect(sameIdentity('bob', 'bobby')).toBe(false);
    expect(sameIdentity('alice', 'alic')).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['bob\u200b', 'hidden_character'],
    ['bob\u00ad', 'hidden_character'],
    ['bob\u2060', 'hidden_character'],
    ['bob\u202e', 'hidden_character'],
    ['bob\u0007', 'hidden_character'],
    ['b'.repeat(201), 'too_long'],
  ])('identityProblem(%j) = %s', (name, problem) => {
    expect(identityProblem(name)).toBe(problem);
  });

  it('ordinary names have no problem', () => {
    for (const n of ['bob', 'Bob ', 'ｂｏｂ', 'Zoë Ångström', 'ops@example.com'])
      expect(identityProblem(n)).toBeUndefined();
  });

  it('decisions and requesters with hidden characters are refused with a code', () => {
    const now = new Date();
    expect(() => normalizeDecision({ decision: 'approve', approver: 'bob\u200b' }, now)).toThrow(
      expect.objectContaining({ code: 'invalid_approver' }),
    );
    expect(() => checkFourEyes({ requester: 'alice\u2060', approvals: { required: 2 } })).toThrow(
      expect.objectContaining({ code: 'invalid_requester' }),
    );
  });

  it('checkVote: a variant of a counted approver is duplicate_approval', () => {
    const votes = [{ approver: 'bob', at: new Date().toISOString() }];
    for (const approver of BOB_VARIANTS) {
      let code: string | undefined;
      try {
        checkVote({ required: 2 }, undefined, votes, { decision: 'approve', approver });
      } catch (e) {
        code = ApprovalError.isInstance(e) ? e.code : String(e);
      }
      expect(code).toBe('duplicate_approval');
    }
  });

  it('checkVote: the requester in another spelling cannot approve', () => {
    for (const approver of ['Alice', 'ALICE', 'alice ', 'ａｌｉｃｅ']) {
      expect(() =>
        checkVote({ required: 2, excludeRequester: true }, 'alice', [], {
          decision: 'approve',
          approver,
        }),
      ).toThrow(expect.objectContaining({ code: 'requester_cannot_approve' }));
    }
  });
});
