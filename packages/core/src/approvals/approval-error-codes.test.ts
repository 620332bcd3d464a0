import { describe, expect, it } from 'vitest';
import { ApprovalError } from '../errors.js';
import { isApprovalErrorCode } from '../store/index.js';

describe('isApprovalErrorCode', () => {
  it.each([
    'proposal_not_found',
    'proposal_not_pending',
    'duplicate_approval',
    'invalid_binding_hash',
    'schema_not_migrated',
  ])('accepts the store code %s', (code) => {
    expect(isApprovalErrorCode(code)).toBe(true);
    expect(new ApprovalError(code as never, 'm').code).toBe(code);
  });

  it.each([
    ['an unknown code', 'proposal_missing'],
    ['another class code', 'schema_too_new'],
    ['an inherited key', 'constructor'],
    ['__proto__', '__proto__'],
    ['toString', 'toString'],
    ['a near miss', 'Proposal_not_found'],
    ['padding', ' proposal_not_found'],
    ['empty', ''],
    ['a number', 404],
    ['null', null],
    ['a boxed string', new String('proposal_not_found')],
  ])('refuses %s', (_label, value) => {
    expect(isApprovalErrorCode(value)).toBe(false);
  });
});
