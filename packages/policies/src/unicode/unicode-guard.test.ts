import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policyInput } from '../__fixtures__/policy-input.js';
import { unicodeGuard } from './unicode-guard.js';

const SPOOF = 'acct_0000\u202e1999\u202c'; // shows as acct_00009991

describe('unicodeGuard', () => {
  it.each([
    [{ account: SPOOF }, 'unicode_bidi_control', '/account'],
    [{ memo: 'pay\u200bnow' }, 'unicode_invisible_character', '/memo'],
    [{ memo: 'a\u0007b' }, 'unicode_control_character', '/memo'],
    [{ id: 'x\ufdd0' }, 'unicode_noncharacter', '/id'],
    [{ payee: 'p\u0430ypal' }, 'unicode_mixed_script', '/payee'],
    [{ list: ['ok', { ['k\u2066']: 1 }] }, 'unicode_bidi_control', '/list/1/k\u2066'],
  ])('%j is denied with %s, the finding names %s, never the text', async (args, reason, path) => {
    const d = await unicodeGuard()(policyInput(args));
    expect(d).toMatchObject({ type: 'deny', reason });
    expect(d.trace?.some((t) => t.reason === reason && t.rule.endsWith(path))).toBe(true);
    const text = JSON.stringify(d);
    expect(text).not.toContain('1999');
    expect(text).not.toContain('now');
  });

  it('allows ordinary text in any script, with line breaks and tabs', async () => {
    const args = { memo: 'Grüße\nfrom 東京\tand Москва', name: 'Ελένη', amount: 5 };
    expect(await unicodeGuard()(policyInput(args))).toMatchObject({
      type: 'allow',
      reason: 'unicode_clean',
    });
  });

  it('action require_approval, kinds and mixedScript are configurable; bad options throw', async () => {
    const approve = unicodeGuard({ action: 'require_approval' });
    expect(await approve(policyInput({ a: SPOOF }))).toMatchObject({ type: 'require_approval' });
    const onlyBidi = unicodeGuard({ kinds: ['bidi'], mixedScript: false });
    expect(await onlyBidi(policyInput({ a: 'x\u200b', b: 'p\u0430ypal' }))).toMatchObject({
      type: 'allow',
    });
    expect(() => unicodeGuard({ action: 'allow' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => unicodeGuard({ kinds: ['emoji' as never] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('regression: a bidi-spoofed account id never executes', async () => {
    const executed: unknown[] = [];
    const tool = defineTool({
      name: 'transfer',
      schema: z.object({ account: z.string() }),
      execute: (input) => executed.push(input),
    });
    const authorizer = createAuthorizer({ agent: 'a', policy: unicodeGuard() });
    const out = await authorizer.call(tool, JSON.stringify({ account: SPOOF }), {
      toolCallId: 'c1',
    });
    expect(out).toMatchObject({ status: 'denied' });
    expect(JSON.stringify(out)).toContain('unicode_bidi_control');
    expect(executed).toEqual([]);
    // with require_approval it suspends instead: still nothing runs
    const store = createMemoryApprovalStore();
    const review = createAuthorizer({
      agent: 'a',
      policy: unicodeGuard({ action: 'require_approval' }),
      approvals: store,
    });
    const held = await review.call(tool, JSON.stringify({ account: SPOOF }), { toolCallId: 'c2' });
    expect(held.status).toBe('suspended');
    expect(executed).toEqual([]);
  });
});
