import { createAuthorizer, defineTool } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alwaysAllow } from '../compose/constant.js';
import { normalizeUnicode } from './normalize-unicode.js';

const rewriteInput = (args: unknown, tool = 't') =>
  ({ agent: 'a', tool, toolCallId: 'c', arguments: args, context: undefined }) as never;

describe('normalizeUnicode', () => {
  it('normalizes every string value, not keys by default', () => {
    const hook = normalizeUnicode();
    expect(hook(rewriteInput({ 'e\u0301': ['e\u0301', 1, null, { x: 'cafe\u0301' }] }))).toEqual({
      'e\u0301': ['\u00e9', 1, null, { x: 'caf\u00e9' }],
    });
  });

  it('returns undefined when nothing changes', () => {
    expect(normalizeUnicode()(rewriteInput({ s: '\u00e9', n: 1 }))).toBeUndefined();
  });

  it('normalizes keys on request and refuses keys that collide', () => {
    const hook = normalizeUnicode({ keys: true });
    expect(hook(rewriteInput({ 'e\u0301': 1 }))).toEqual({ '\u00e9': 1 });
    expect(() => hook(rewriteInput({ 'e\u0301': 1, '\u00e9': 2 }))).toThrow(
      expect.objectContaining({ code: 'normalize_key_collision' }),
    );
  });

  it('keeps __proto__ as a data key', () => {
    const args = JSON.parse('{"__proto__":{"s":"e\\u0301"}}');
    const out = normalizeUnicode()(rewriteInput(args)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"s":"\u00e9"}}');
  });

  it('supports NFKC and a tool filter', () => {
    const hook = normalizeUnicode({ form: 'NFKC', tools: ['search'] });
    expect(hook(rewriteInput({ q: '\ufb01le' }, 'search'))).toEqual({ q: 'file' });
    expect(hook(rewriteInput({ q: '\ufb01le' }, 'other'))).toBeUndefined();
    expect(() => normalizeUnicode({ form: 'NFX' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('makes NFC and NFD requests seal to the same proposal hash in the pipeline', async () => {
    const tool = defineTool({
      name: 'greet',
      schema: z.object({ name: z.string() }),
      execute: ({ name }) => name,
    });
    const plain = createAuthorizer({ agent: 'a', policy: alwaysAllow() });
    const normalizing = createAuthorizer({
      agent: 'a',
      policy: alwaysAllow(),
      rewrite: [normalizeUnicode()],
    });
    const nfc = '{"name":"Ren\\u00e9"}';
    const nfd = '{"name":"Rene\\u0301"}';
    const hash = async (auth: typeof plain, raw: string) => {
      const r = await auth.prepare(tool, raw);
      if (!r.ok) throw r.error;
      return r.call;
    };
    expect((await hash(plain, nfc)).proposalHash).not.toBe((await hash(plain, nfd)).proposalHash);
    const a = await hash(normalizing, nfc);
    const b = await hash(normalizing, nfd);
    expect(a.proposalHash).toBe(b.proposalHash);
    expect(b.rewritten).toBe(true);
    expect(b.originalArguments).toBe('{"name":"Rene\u0301"}');
    expect(await b.run()).toMatchObject({ status: 'executed', result: 'Ren\u00e9' });
  });
});
