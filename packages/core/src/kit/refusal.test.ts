import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { ApprovalError, ToolArgumentsValidationError } from '../errors.js';
import { makeRefusal, refusalText, toRefusal } from './refusal.js';

describe('one refusal vocabulary', () => {
  it('a validation error: stage, code, path; the text carries no payload', async () => {
    const ctx = setup();
    const p = await ctx.authorizer.prepare(ctx.tool, '{"orderId":"SECRET","amount":1,"amount":2}', {
      toolCallId: 'c1',
    });
    if (p.ok) throw new Error('expected refusal');
    expect(p.refusal).toEqual({
      code: 'duplicate_key',
      stage: 'decode',
      path: '/amount',
      tool: 'refund',
      toolCallId: 'c1',
      message: 'tool "refund": decode/duplicate_key at /amount',
    });
    const text = refusalText(p.refusal);
    expect(text).toContain('code=duplicate_key');
    expect(text).toContain('Nothing was executed');
    expect(text).not.toContain('SECRET');
  });

  it('policy deny, approval states and outcomes', async () => {
    const ctx = setup();
    const denied = await ctx.authorizer.call(ctx.tool, args(5_000_000), { toolCallId: 'c1' });
    expect(toRefusal(denied)).toMatchObject({
      code: 'denied',
      stage: 'policy',
      reason: 'amount_above_ceiling',
      tool: 'refund',
      toolCallId: 'c1',
    });
    const suspended = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c2' });
    if (suspended.status !== 'suspended') throw new Error('expected suspension');
    const r = toRefusal(suspended);
    expect(r).toMatchObject({ code: 'approval_required', stage: 'approval', toolCallId: 'c2' });
    expect(refusalText(r)).toContain(suspended.proposal.proposalHash);
    expect(toRefusal({ type: 'deny', reason: 'approval_rejected' }, { tool: 't' })).toMatchObject({
      code: 'approval_rejected',
      stage: 'approval',
      tool: 't',
    });
    expect(toRefusal({ type: 'deny', reason: 'approval_store_missing' }).code).toBe(
      'approval_store_missing',
    );
  });

  it('a failed tool never leaks what it threw', () => {
    const r = toRefusal({
      status: 'failed',
      tool: 't',
      toolCallId: 'c',
      error: new Error('card 4111'),
    });
    expect(r).toMatchObject({ code: 'tool_failed', stage: 'execute' });
    expect(refusalText(r)).not.toContain('4111');
    expect(JSON.stringify(r)).not.toContain('4111');
  });

  it('invalid outcomes, argseal errors and anything else', () => {
    const error = new ToolArgumentsValidationError({
      stage: 'schema',
      code: 'schema_validation_failed',
      path: '/a',
    });
    expect(toRefusal({ status: 'invalid', tool: 't', toolCallId: 'c', error })).toMatchObject({
      code: 'schema_validation_failed',
      stage: 'schema',
      tool: 't',
    });
    expect(toRefusal(new ApprovalError('proposal_not_found', 'x'))).toMatchObject({
      code: 'internal_error',
      reason: 'proposal_not_found',
    });
    expect(toRefusal('boom')).toMatchObject({ code: 'internal_error', stage: 'internal' });
    expect(toRefusal(null).code).toBe('internal_error');
  });

  it('makeRefusal: an adapter-decided refusal gets the derived message', () => {
    const r = makeRefusal(
      { code: 'duplicate_tool_call_id', stage: 'decode', path: '' },
      { tool: 'refund', toolCallId: 'c1' },
    );
    expect(r).toEqual({
      code: 'duplicate_tool_call_id',
      stage: 'decode',
      path: '',
      tool: 'refund',
      toolCallId: 'c1',
      message: 'tool "refund": decode/duplicate_tool_call_id at (root)',
    });
    expect(refusalText(r)).toContain('Nothing was executed; send valid JSON arguments.');
  });

  it('long policy reasons are clipped', () => {
    const r = toRefusal({ type: 'deny', reason: 'r'.repeat(500) });
    expect(r.reason?.length).toBeLessThanOrEqual(201);
  });
});
