import { describe, expect, it } from 'vitest';
import { args, prepared, setup } from './__fixtures__/refund.js';
import { lazyFields } from './lazy-fields.js';

const getterOf = (o: object, key: string) => Object.getOwnPropertyDescriptor(o, key)?.get;

describe('lazyFields: own enumerable accessors with one getter per field name', () => {
  it('computes on read, is enumerable (spread copies the value) and shares getters', () => {
    const define = lazyFields<{ text: string }>(['text']);
    let reads = 0;
    const a = define({ id: 1 }, { text: () => `a${++reads}` });
    const b = define({ id: 2 }, { text: () => 'b' });
    expect(reads).toBe(0);
    expect(a.text).toBe('a1');
    expect({ ...b }).toEqual({ id: 2, text: 'b' });
    expect(Object.keys(a)).toEqual(['id', 'text']);
    expect(getterOf(a, 'text')).toBe(getterOf(b, 'text'));
    // the compute functions stay out of enumeration and JSON
    expect(JSON.stringify(a)).toBe('{"id":1,"text":"a2"}');
  });
});

describe('prepared calls, attempts and policy inputs keep their lazy fields', () => {
  it('attempts of two calls share their text getters; the texts are still right', async () => {
    const ctx = setup();
    const one = await prepared(ctx, args(5));
    const two = await prepared(ctx, args(6));
    for (const key of ['requestedCanonicalJson', 'effectiveCanonicalJson', 'historyArguments']) {
      expect(getterOf(one, key)).toBeTypeOf('function');
      expect(getterOf(one, key)).toBe(getterOf(two, key));
    }
    expect(Object.isFrozen(one)).toBe(true);
    expect(one.requestedCanonicalJson).toBe(one.argsCanonicalJson);
    expect(two.historyArguments).toBe(two.argsCanonicalJson);
    expect({ ...two }.effectiveCanonicalJson).toBe(two.argsCanonicalJson);
  });

  it("the policy's requestedArguments is an own enumerable field, decoded once, shared getter", async () => {
    const seen: object[] = [];
    const ctx = setup({
      policy: (input) => {
        seen.push(input);
        const first = input.requestedArguments;
        expect(input.requestedArguments).toBe(first);
        expect({ ...input }.requestedArguments).toEqual(first);
        return { type: 'allow' };
      },
    });
    await ctx.authorizer.call(ctx.tool, args(5, { memo: 'x' }));
    await ctx.authorizer.call(ctx.tool, args(7));
    expect(seen).toHaveLength(2);
    const [a, b] = seen as [object, object];
    expect(getterOf(a, 'requestedArguments')).toBe(getterOf(b, 'requestedArguments'));
    expect((a as { requestedArguments: unknown }).requestedArguments).toMatchObject({
      amount: 5,
      memo: 'x',
    });
    expect(ctx.executed.map((e) => e.amount)).toEqual([5, 7]);
  });
});
