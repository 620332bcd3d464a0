import { describe, expect, it } from 'vitest';
import { canonicalize } from '../json/canonicalize.js';
import { createSnapshot } from '../json/snapshot.js';
import { createHandoverLedger } from './handover-ledger.js';

const entry = (id: string, text: string, tool = 'refund') => ({
  tool: { name: tool },
  toolCallId: id,
  historyArguments: text,
});

describe('createHandoverLedger', () => {
  it('hands an entry over once, keyed by scope, tool, call id and canonical arguments', () => {
    const ledger = createHandoverLedger();
    const messages: unknown[] = [];
    const e = entry('c1', '{"a":1}');
    ledger.put(e, messages);
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: 1 } }, [])).toBeUndefined();
    expect(
      ledger.take({ tool: 'other', toolCallId: 'c1', args: { a: 1 } }, messages),
    ).toBeUndefined();
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c2', args: { a: 1 } }, messages),
    ).toBeUndefined();
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: 2 } }, messages),
    ).toBeUndefined();
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: 1 } }, messages)).toBe(e);
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: 1 } }, messages),
    ).toBeUndefined();
    expect(ledger.size).toBe(0);
  });

  it('string scopes and the shared scope are distinct; a string is looked up as the history text', () => {
    const ledger = createHandoverLedger();
    const e = entry('c1', '{"a":1}');
    ledger.put(e, 'thread-1');
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: '{"a":1}' })).toBeUndefined();
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: '{"a":1}' }, 'thread-2'),
    ).toBeUndefined();
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: '{"a":1}' }, 'thread-1')).toBe(e);
  });

  it('a string is compared as is: another spelling of the same arguments is not the history text', () => {
    const ledger = createHandoverLedger();
    const e = entry('c1', '{"a":1,"b":2}');
    ledger.put(e);
    for (const other of ['{"b":2,"a":1}', '{"a": 1,"b":2}', '{"a":1.0,"b":2}']) {
      expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: other })).toBeUndefined();
    }
    expect(ledger.size).toBe(1);
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: '{"a":1,"b":2}' })).toBe(e);
  });

  it('values outside the strict domain never match', () => {
    const ledger = createHandoverLedger();
    ledger.put(entry('c1', '{"a":1}'));
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: 1, b: undefined } }),
    ).toBeUndefined();
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: Number.NaN } }),
    ).toBeUndefined();
    expect(ledger.size).toBe(1);
  });

  it('is bounded: the oldest entries go first', () => {
    const ledger = createHandoverLedger({ max: 2 });
    for (const id of ['c1', 'c2', 'c3']) ledger.put(entry(id, '{}'));
    expect(ledger.size).toBe(2);
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: {} })).toBeUndefined();
    expect(ledger.take({ tool: 'refund', toolCallId: 'c3', args: {} })).toBeDefined();
  });

  it('identical keys queue in order', () => {
    const ledger = createHandoverLedger();
    const a = entry('c1', '{}');
    const b = entry('c1', '{}');
    ledger.put(a);
    ledger.put(b);
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: {} })).toBe(a);
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: {} })).toBe(b);
  });

  it('a bad bound is a config error (invalid_ledger)', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) {
      expect(() => createHandoverLedger({ max })).toThrow(
        expect.objectContaining({ code: 'invalid_ledger' }),
      );
    }
  });
});

describe('handover ledger: canonical text cached per arguments object', () => {
  it('a changed object is canonicalized again and never picks up the older attempt', () => {
    const ledger = createHandoverLedger();
    const args: Record<string, unknown> = { a: 1 };
    ledger.put(entry('c1', '{"a":2}'));
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeUndefined();
    args.a = 2; // same object, other value
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeDefined();
    ledger.put(entry('c1', '{"a":2}'));
    args.a = Number.NaN; // outside the strict domain now
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeUndefined();
    expect(ledger.size).toBe(1);
  });

  it('an object with a getter is never matched and its getter never runs', () => {
    const ledger = createHandoverLedger();
    ledger.put(entry('c1', '{"a":1}'));
    let reads = 0;
    const args = {
      get a() {
        reads++;
        return 1;
      },
    };
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeUndefined();
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeUndefined();
    expect(ledger.size).toBe(1);
    expect(reads).toBe(0); // accessors are never invoked
  });
});

describe('handover ledger: decode', () => {
  it('a decoded value is deep-frozen and found by identity; an equal plain object still matches', () => {
    const ledger = createHandoverLedger();
    const text = '{"a":1,"b":[{"c":"d"}]}';
    ledger.put(entry('c1', text));
    ledger.put(entry('c1', text));
    const args = ledger.decode(text) as { a: number; b: { c: string }[] };
    expect(args).toEqual({ a: 1, b: [{ c: 'd' }] });
    expect(Object.isFrozen(args) && Object.isFrozen(args.b) && Object.isFrozen(args.b[0])).toBe(
      true,
    );
    expect(() => {
      (args.b[0] as { c: string }).c = 'changed';
    }).toThrow(TypeError);
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })?.historyArguments).toBe(text);
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: { a: 1, b: [{ c: 'd' }] } }),
    ).toBeDefined();
    expect(ledger.size).toBe(0);
  });

  it('a decoded value only matches the text it was decoded from', () => {
    const ledger = createHandoverLedger();
    ledger.put(entry('c1', '{"a":2}'));
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c1', args: ledger.decode('{"a":1}') }),
    ).toBeUndefined();
    expect(
      ledger.take({ tool: 'refund', toolCallId: 'c2', args: ledger.decode('{"a":2}') }),
    ).toBeUndefined();
    expect(ledger.size).toBe(1);
    expect(ledger.decode('7')).toBe(7);
  });

  it('text that is not JSON is refused (invalid_canonical_json) and nothing is taken', () => {
    const ledger = createHandoverLedger();
    ledger.put(entry('c1', '{}'));
    expect(() => ledger.decode('{"a":')).toThrow(
      expect.objectContaining({ code: 'invalid_canonical_json' }),
    );
    expect(ledger.size).toBe(1);
  });
});

describe('handover ledger: change check after the first take', () => {
  it('an object whose keys were not in canonical order is still checked by its own text', () => {
    const ledger = createHandoverLedger();
    const args: Record<string, unknown> = { b: 1, a: [{ d: 1, c: 2 }] };
    const text = '{"a":[{"c":2,"d":1}],"b":1}';
    ledger.put(entry('c1', text));
    ledger.put(entry('c1', text));
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeDefined();
    (args.a as Record<string, unknown>[])[0] = { d: 1, c: 3 };
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeUndefined();
    (args.a as Record<string, unknown>[])[0] = { c: 2, d: 1 }; // same value, other order
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args })).toBeDefined();
    expect(ledger.size).toBe(0);
  });
});

describe('handover ledger: adopt', () => {
  const attemptLike = (id: string, value: unknown, historyArguments = JSON.stringify(value)) => {
    const snapshot = createSnapshot(value);
    return { ...entry(id, historyArguments), snapshot, argsCanonicalJson: canonicalize(snapshot) };
  };

  it("hands out a queued entry's snapshot for its history text, found by identity", () => {
    const ledger = createHandoverLedger();
    const e = attemptLike('c1', { a: 1, b: [{ c: 'd' }] });
    ledger.put(e);
    const parsed = JSON.parse(e.historyArguments);
    const adopted = ledger.adopt(parsed);
    expect(adopted).toBe(e.snapshot);
    expect(Object.isFrozen(adopted)).toBe(true);
    expect(ledger.adopt({ a: 1, b: [{ c: 'other' }] })).toEqual({ a: 1, b: [{ c: 'other' }] });
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: adopted })).toBe(e);
    // nothing queued with that text any more: values are left as they are
    const again = JSON.parse(e.historyArguments);
    expect(ledger.adopt(again)).toBe(again);
  });

  it('adopts nothing when the history text is not the snapshot text (a schema changed it)', () => {
    const ledger = createHandoverLedger();
    const e = attemptLike('c1', { a: 1 }, '{"a":1,"extra":true}');
    ledger.put(e);
    const parsed = JSON.parse(e.historyArguments);
    expect(ledger.adopt(parsed)).toBe(parsed);
    expect(ledger.adopt('{"a":1}')).toBe('{"a":1}');
    expect(ledger.take({ tool: 'refund', toolCallId: 'c1', args: parsed })).toBe(e);
  });

  it('a text queued twice stays adoptable until both entries are taken or dropped', () => {
    const ledger = createHandoverLedger({ max: 2 });
    const first = attemptLike('c1', { a: 1 });
    ledger.put(first);
    ledger.put(attemptLike('c2', { a: 1 }));
    expect(ledger.take({ tool: 'refund', toolCallId: 'c2', args: { a: 1 } })).toBeDefined();
    expect(ledger.adopt({ a: 1 })).toBe(first.snapshot);
    ledger.put(entry('c3', '{}'));
    ledger.put(entry('c4', '{}')); // drops c1, the oldest
    expect(ledger.adopt({ a: 1 })).toEqual({ a: 1 });
    expect(Object.isFrozen(ledger.adopt({ a: 1 }))).toBe(false);
  });
});
