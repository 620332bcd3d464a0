import { describe, expect, it } from 'vitest';
import {
  ArgsealConfigError,
  ArgsealError,
  type ConfigErrorCode,
  ToolArgumentsValidationError,
} from '../errors.js';
import { describeDomainRejections } from './__fixtures__/domain-table.js';
import { rejection, SECRET } from './__fixtures__/rejection.js';
import { referenceJcs } from './__fixtures__/strict-values.js';
import { canonicalize, decodeCanonical } from './canonicalize.js';
import { parseStrictJson } from './parse-strict-json.js';
import { createSnapshot } from './snapshot.js';

describeDomainRejections('canonicalize', canonicalize);

describe('canonicalize', () => {
  it('sorts keys by UTF-16 code units at every level, keeps array order', () => {
    const v = { b: [3, 1, { z: 0, y: 1 }], a: { '\u00e9': 1, e: 2, E: 3 }, '': null };
    expect(canonicalize(v)).toBe('{"":null,"a":{"E":3,"e":2,"\u00e9":1},"b":[3,1,{"y":1,"z":0}]}');
  });

  it('orders array-index-like keys as strings, not as JS enumerates them', () => {
    const v = { b: 1, '10': 2, '9': 3, '1': 4, '4294967295': 5, '4294967294': 6, a: 7, '': 8 };
    expect(Object.keys(v)[0]).toBe('1');
    const want = '{"":8,"1":4,"10":2,"4294967294":6,"4294967295":5,"9":3,"a":7,"b":1}';
    expect(canonicalize(v)).toBe(want);
    expect(canonicalize(createSnapshot(v))).toBe(want);
    expect(canonicalize({ n: [v] })).toBe(`{"n":[${want}]}`);
  });

  it('sorts large key sets (engine sort) like small ones (insertion sort)', () => {
    const keys = ['\ud83d\ude02', '\ufb33', '\u20ac', 'a', 'B', '1', '01', ' ', '\u0080', '~'];
    const big: Record<string, number> = {};
    for (let i = 0; i < 40; i++) big[`${keys[i % keys.length]}${i}`] = i;
    expect(Object.keys(big).length).toBeGreaterThan(24);
    expect(canonicalize(big)).toBe(referenceJcs(big));
    expect(canonicalize(createSnapshot(big))).toBe(referenceJcs(big));
  });

  it('serializes numbers and strings as ECMAScript JSON does', () => {
    expect(canonicalize([1e21, 1e-7, 0.1, 100, 5e-324, -1.5e300, 0])).toBe(
      '[1e+21,1e-7,0.1,100,5e-324,-1.5e+300,0]',
    );
    expect(canonicalize('\u0000\u001f\b\f\n\r\t"\\/\u007f\u2028</script>😀')).toBe(
      '"\\u0000\\u001f\\b\\f\\n\\r\\t\\"\\\\/\u007f\u2028</script>😀"',
    );
    expect(canonicalize(null)).toBe('null');
    expect(canonicalize([true, false, {}, []])).toBe('[true,false,{},[]]');
  });

  it('gives the same text for an untrusted value, its snapshot and a snapshot child', () => {
    const v = { z: { b: [1, '2'], a: 'x' }, '1': [{ '2': 0, '10': 1 }] };
    const snap = createSnapshot(v) as Record<string, unknown>;
    expect(canonicalize(snap)).toBe(canonicalize(v));
    expect(canonicalize(snap.z)).toBe('{"a":"x","b":[1,"2"]}');
    expect(canonicalize(snap)).toBe(referenceJcs(v));
  });

  it('does not mutate or freeze its input', () => {
    const v = { b: 1, a: [2] };
    canonicalize(v);
    expect(Object.keys(v)).toEqual(['b', 'a']);
    expect(Object.isFrozen(v) || Object.isFrozen(v.a)).toBe(false);
  });

  it('never calls accessors', () => {
    let calls = 0;
    const v = {
      a: 1,
      get g() {
        calls++;
        return 2;
      },
    };
    expect(rejection(() => canonicalize(v)).code).toBe('accessor_property');
    expect(calls).toBe(0);
  });

  it('keeps __proto__, constructor, prototype as data in the text', () => {
    const v = parseStrictJson('{"prototype":1,"constructor":2,"__proto__":{"x":[]}}');
    expect(canonicalize(v)).toBe('{"__proto__":{"x":[]},"constructor":2,"prototype":1}');
  });
});

/*
 * DESIGN: "toJSON is never called", also when Object.prototype or Array.prototype were
 * polluted with one (native JSON.stringify would look it up the prototype chain).
 */
describe('canonicalize under prototype pollution', () => {
  function withPolluted<T>(proto: object, run: (calls: () => number) => T): T {
    let n = 0;
    Object.defineProperty(proto, 'toJSON', {
      value: () => {
        n++;
        return 'HIJACK';
      },
      configurable: true,
      writable: true,
    });
    try {
      return run(() => n);
    } finally {
      delete (proto as { toJSON?: unknown }).toJSON;
    }
  }

  it('Object.prototype.toJSON is never called for an untrusted value', () => {
    withPolluted(Object.prototype, (calls) => {
      expect(canonicalize({ a: 1 })).toBe('{"a":1}');
      expect(calls()).toBe(0);
    });
  });

  it('Object.prototype.toJSON is never called for a snapshot', () => {
    const snap = createSnapshot({ b: [1], a: 2 });
    withPolluted(Object.prototype, (calls) => {
      expect(canonicalize(snap)).toBe('{"a":2,"b":[1]}');
      expect(calls()).toBe(0);
    });
  });

  it('Array.prototype.toJSON is never called', () => {
    withPolluted(Array.prototype, (calls) => {
      expect(canonicalize({ a: [1] })).toBe('{"a":[1]}');
      expect(calls()).toBe(0);
    });
  });

  it('values whose keys are index-like take the serializer that ignores toJSON', () => {
    withPolluted(Object.prototype, (calls) => {
      expect(canonicalize({ '1': 'x' })).toBe('{"1":"x"}');
      expect(calls()).toBe(0);
    });
    expect(Object.hasOwn(Object.prototype, 'toJSON')).toBe(false);
  });
});

describe('decodeCanonical', () => {
  const text = '{"__proto__":{"a":[1,{"b":null}]},"constructor":"c","list":[[],{}]}';

  it('returns fresh objects on every call', () => {
    const one = decodeCanonical(text) as Record<string, unknown>;
    const two = decodeCanonical(text) as Record<string, unknown>;
    expect(one).toEqual(two);
    const shared = new Set<object>();
    const collect = (v: unknown) => {
      if (typeof v !== 'object' || v === null) return;
      shared.add(v);
      for (const k of Object.keys(v)) collect(Object.getOwnPropertyDescriptor(v, k)?.value);
    };
    collect(one);
    const check = (v: unknown) => {
      if (typeof v !== 'object' || v === null) return;
      expect(shared.has(v)).toBe(false);
      for (const k of Object.keys(v)) check(Object.getOwnPropertyDescriptor(v, k)?.value);
    };
    check(two);
    (one.list as unknown[]).push('mutated');
    expect(canonicalize(decodeCanonical(text))).toBe(text);
    expect(Object.isFrozen(one)).toBe(false);
  });

  it('keeps __proto__ as own data and sets no prototype', () => {
    const v = decodeCanonical(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    const inner = Object.getOwnPropertyDescriptor(v, '__proto__')?.value;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(v.a).toBeUndefined();
    expect(canonicalize(v)).toBe(text);
  });

  it('rejects text that is not JSON with ArgsealConfigError invalid_canonical_json, no payload', () => {
    for (const bad of [`{"s":"${SECRET}"`, '', `${SECRET}`]) {
      let err: unknown;
      try {
        decodeCanonical(bad);
      } catch (e) {
        err = e;
      }
      expect(ArgsealError.isInstance(err)).toBe(true);
      expect(ArgsealConfigError.isInstance(err)).toBe(true);
      expect(err).toBeInstanceOf(ArgsealConfigError);
      expect((err as Error).name).toBe('ArgsealConfigError');
      expect(ToolArgumentsValidationError.isInstance(err)).toBe(false);
      const code: ConfigErrorCode = (err as ArgsealConfigError).code;
      expect(code).toBe('invalid_canonical_json');
      expect((err as ArgsealError).message).not.toContain(SECRET);
    }
  });

  // A JSON.parse SyntaxError message quotes the start of the text: it must not be kept.
  it('carries no payload in its cause chain either', () => {
    let err: unknown;
    try {
      decodeCanonical(`[${SECRET}]`);
    } catch (e) {
      err = e;
    }
    const messages: string[] = [];
    for (let e = err as Error | undefined; e instanceof Error; e = e.cause as Error | undefined) {
      messages.push(e.message);
    }
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).not.toContain(SECRET.slice(0, 6));
  });
});
