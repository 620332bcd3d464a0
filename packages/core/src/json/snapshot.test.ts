import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeDomainRejections } from './__fixtures__/domain-table.js';
import { rejection, SECRET } from './__fixtures__/rejection.js';
import { objectsOf } from './__fixtures__/strict-values.js';
import { canonicalize } from './canonicalize.js';
import { parseStrictJson } from './parse-strict-json.js';
import { createSnapshot, isSnapshot } from './snapshot.js';

describeDomainRejections('createSnapshot', createSnapshot);

describe('createSnapshot copies', () => {
  const input = () => ({ z: [1, { y: 'two', x: null }], a: true, m: { n: -1.5, e: [] } });

  it('is deep-frozen, detached and equal to its input', () => {
    const src = input();
    const snap = createSnapshot(src);
    expect(snap).toEqual(src);
    const srcObjects = new Set(objectsOf(src));
    const snapObjects = objectsOf(snap);
    expect(snapObjects).toHaveLength(srcObjects.size);
    for (const o of snapObjects) {
      expect(srcObjects.has(o)).toBe(false);
      expect(Object.isFrozen(o)).toBe(true);
    }
  });

  it('does not follow later mutation of the input', () => {
    const src = input();
    const snap = createSnapshot(src);
    const before = canonicalize(snap);
    src.z.push(99);
    (src.z[1] as { y: string }).y = 'changed';
    src.m.n = 7;
    expect(canonicalize(snap)).toBe(before);
  });

  it('refuses mutation of the snapshot', () => {
    const snap = createSnapshot(input()) as { z: unknown[]; a: boolean };
    expect(() => {
      snap.a = false;
    }).toThrow(TypeError);
    expect(() => snap.z.push(1)).toThrow(TypeError);
  });

  it('inserts keys in RFC 8785 order and marks only the root as a snapshot', () => {
    const snap = createSnapshot({ b: 1, a: { d: 1, c: 2 }, '\u20ac': 0, '\r': 0 }) as Record<
      string,
      unknown
    >;
    expect(Object.keys(snap)).toEqual(['\r', 'a', 'b', '\u20ac']);
    expect(Object.keys(snap.a as object)).toEqual(['c', 'd']);
    expect(isSnapshot(snap)).toBe(true);
    expect(isSnapshot(snap.a)).toBe(false);
    expect(isSnapshot({ a: 1 })).toBe(false);
  });

  it('accepts null-prototype records and returns ordinary ones', () => {
    const src = Object.assign(Object.create(null), { a: 1 });
    const snap = createSnapshot({ o: src }) as { o: object };
    expect(Object.getPrototypeOf(snap.o)).toBe(Object.prototype);
    expect(snap.o).toEqual({ a: 1 });
  });

  it('returns primitives as they are', () => {
    for (const v of [null, true, false, 0, 1.5, -7, '', 'x😀']) expect(createSnapshot(v)).toBe(v);
  });
});

describe('createSnapshot never invokes user code', () => {
  it('never calls accessors (getter count stays 0)', () => {
    let calls = 0;
    const counted = () => {
      calls++;
      return SECRET;
    };
    const inputs: unknown[] = [
      Object.defineProperty({}, 'g', { get: counted, enumerable: true }),
      { nested: Object.defineProperty({ a: 1 }, 'g', { get: counted, enumerable: true }) },
      Object.defineProperty([1, 2], 1, { get: counted, enumerable: true }),
      Object.defineProperty(Object.create(null), 'g', { get: counted, enumerable: true }),
      Object.defineProperty({}, 'g', { get: counted, enumerable: false }),
    ];
    for (const v of inputs) {
      const err = rejection(() => createSnapshot(v));
      expect(['accessor_property', 'non_enumerable_property']).toContain(err.code);
    }
    expect(calls).toBe(0);
  });

  it('never calls toJSON (own, inherited, or on Date)', () => {
    let calls = 0;
    const toJSON = () => {
      calls++;
      return 'replaced';
    };
    class WithToJSON {
      toJSON() {
        return toJSON();
      }
    }
    expect(rejection(() => createSnapshot({ toJSON })).code).toBe('function_value');
    expect(rejection(() => createSnapshot({ v: new WithToJSON() })).code).toBe('class_instance');
    const date = new Date(0);
    Object.defineProperty(date, 'toJSON', { value: toJSON });
    expect(rejection(() => createSnapshot({ d: date })).code).toBe('date_object');
    expect(calls).toBe(0);
  });

  it('a toJSON key holding data is ordinary data', () => {
    expect(canonicalize(createSnapshot({ toJSON: 'x', a: 1 }))).toBe('{"a":1,"toJSON":"x"}');
  });

  it('never calls a Proxy get trap, and rejects the Proxy when isProxy is given', () => {
    let gets = 0;
    const handler: ProxyHandler<object> = {
      get(t, k, r) {
        gets++;
        return Reflect.get(t, k, r);
      },
    };
    const p = new Proxy({ a: 1, b: [2] }, handler);
    expect(canonicalize(createSnapshot({ p }))).toBe('{"p":{"a":1,"b":[2]}}');
    const err = rejection(() => createSnapshot({ p }, { isProxy: types.isProxy }));
    expect([err.code, err.path]).toEqual(['proxy_object', '/p']);
    expect(gets).toBe(0);
  });
});

describe('createSnapshot: __proto__, constructor, prototype are data', () => {
  it('keeps them as own data, hashed into the text, without setting a prototype', () => {
    const src = parseStrictJson(
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"prototype":null}',
    );
    const snap = createSnapshot(src) as Record<string, unknown>;
    expect(Object.getPrototypeOf(snap)).toBe(Object.prototype);
    expect(Object.keys(snap)).toEqual(['__proto__', 'constructor', 'prototype']);
    const d = Object.getOwnPropertyDescriptor(snap, '__proto__');
    expect(d?.value).toEqual({ isAdmin: true });
    expect(Object.getPrototypeOf(d?.value)).toBe(Object.prototype);
    expect(snap.isAdmin).toBeUndefined();
    expect(canonicalize(snap)).toBe(
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"prototype":null}',
    );
  });

  it('an object whose prototype was set through __proto__ is not a plain record', () => {
    const polluted = { __proto__: { isAdmin: true } };
    expect(rejection(() => createSnapshot({ o: polluted })).code).toBe('class_instance');
  });
});
