import { types } from 'node:util';
import { DEFAULT_MAX_DEPTH } from '../parse-strict-json.js';
import type { StrictDomainOptions } from '../strict-domain.js';
import { SECRET } from './rejection.js';

/** One strict-domain rejection shared by the createSnapshot and canonicalize tables. */
export interface DomainRow {
  name: string;
  code: string;
  /** The correct JSON Pointer of the offending value. */
  path: string;
  make: () => unknown;
  options?: StrictDomainOptions;
  /** Substrings of the payload the message must not contain (SECRET always). */
  leak?: string[];
}

/** Nested arrays `depth` deep, built iteratively. */
export function nestedArrays(depth: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
}

/** Nested records `{a:{a:...}}` `depth` deep, built iteratively. */
export function nestedRecords(depth: number): unknown {
  let v: unknown = {};
  for (let i = 1; i < depth; i++) v = { a: v };
  return v;
}

/** `[1, <hole>, 3]`. */
function holey(): number[] {
  const a = new Array<number>(3);
  a[0] = 1;
  a[2] = 3;
  return a;
}

const hidden = (o: object, key: PropertyKey, value: unknown) =>
  Object.defineProperty(o, key, { value, enumerable: false, writable: true, configurable: true });

export const domainRows: DomainRow[] = [
  {
    name: 'lone high surrogate in a value',
    code: 'lone_surrogate',
    path: '/v',
    make: () => ({ s: 'ok', v: `${SECRET}\ud800` }),
  },
  {
    name: 'lone low surrogate in an array item',
    code: 'lone_surrogate',
    path: '/1',
    make: () => ['ok', `\udc00${SECRET}`],
  },
  {
    name: 'reversed surrogate pair',
    code: 'lone_surrogate',
    path: '',
    make: () => `\udc00\ud800${SECRET}`,
  },
  {
    name: 'lone surrogate in a key',
    code: 'lone_surrogate',
    path: '/a/k\ud800',
    make: () => ({ a: { 'k\ud800': SECRET } }),
  },
  { name: '-0 in a record', code: 'negative_zero', path: '/n', make: () => ({ s: SECRET, n: -0 }) },
  { name: '-0 nested in arrays', code: 'negative_zero', path: '/0/0', make: () => [[-0]] },
  { name: '-0 at the root', code: 'negative_zero', path: '', make: () => -0 },
  {
    name: 'NaN',
    code: 'non_finite_number',
    path: '/x',
    make: () => ({ s: SECRET, x: Number.NaN }),
  },
  {
    name: 'Infinity',
    code: 'non_finite_number',
    path: '/0',
    make: () => [Number.POSITIVE_INFINITY],
  },
  {
    name: '-Infinity',
    code: 'non_finite_number',
    path: '/a/1',
    make: () => ({ a: [1, Number.NEGATIVE_INFINITY] }),
  },
  {
    name: 'pointer escaping of / and ~',
    code: 'non_finite_number',
    path: '/a~1b/c~0d',
    make: () => ({ 'a/b': { 'c~d': Number.NaN } }),
  },
  { name: 'sparse array', code: 'sparse_array', path: '/a/1', make: () => ({ a: holey() }) },
  { name: 'new Array(2)', code: 'sparse_array', path: '/0', make: () => new Array(2) },
  {
    name: 'sparse array with an extra property',
    code: 'sparse_array',
    path: '/a/1',
    make: () => ({ a: Object.assign(holey(), { x: 1 }) }),
  },
  {
    name: 'array with an extra property',
    code: 'array_extra_property',
    path: '/list',
    make: () => ({ list: Object.assign([1, 2], { extra: SECRET }) }),
  },
  {
    name: 'getter on a record',
    code: 'accessor_property',
    path: '/x/a',
    make: () => ({
      x: {
        get a() {
          throw new Error(`getter ran ${SECRET}`);
        },
      },
    }),
  },
  {
    name: 'getter on an array index',
    code: 'accessor_property',
    path: '/list/0',
    make: () => ({ list: Object.defineProperty([0], 0, { get: () => SECRET, enumerable: true }) }),
  },
  {
    name: 'setter-only property',
    code: 'accessor_property',
    path: '/w',
    make: () => Object.defineProperty({}, 'w', { set: () => {}, enumerable: true }),
  },
  {
    name: 'symbol key on a record',
    code: 'symbol_key',
    path: '/o',
    make: () => ({ o: { [Symbol('k')]: SECRET } }),
  },
  {
    name: 'non-enumerable symbol key',
    code: 'symbol_key',
    path: '',
    make: () => hidden({ a: 1 }, Symbol('k'), SECRET),
  },
  {
    name: 'symbol key on an array',
    code: 'symbol_key',
    path: '/arr',
    make: () => ({ arr: Object.assign([1], { [Symbol('k')]: 1 }) }),
  },
  {
    name: 'non-enumerable property',
    code: 'non_enumerable_property',
    path: '/o/hidden',
    make: () => ({ o: hidden({ a: 1 }, 'hidden', SECRET) }),
  },
  {
    name: 'non-enumerable array index',
    code: 'non_enumerable_property',
    path: '/arr/1',
    make: () => ({ arr: hidden([1, 2], 1, SECRET) }),
  },
  {
    name: 'cycle through a record',
    code: 'cycle',
    path: '/a/back',
    make: () => {
      const o: Record<string, unknown> = { a: { s: SECRET } };
      (o.a as Record<string, unknown>).back = o;
      return o;
    },
  },
  {
    name: 'array containing itself',
    code: 'cycle',
    path: '/0',
    make: () => {
      const a: unknown[] = [];
      a.push(a);
      return a;
    },
  },
  {
    name: 'repeated reference in a record',
    code: 'repeated_reference',
    path: '/q',
    make: () => {
      const x = { s: SECRET };
      return { p: x, q: x };
    },
  },
  {
    name: 'repeated reference across branches',
    code: 'repeated_reference',
    path: '/b/0',
    make: () => {
      const x = [SECRET];
      return { a: { s: x }, b: [x] };
    },
  },
  {
    name: 'undefined in a record',
    code: 'undefined_value',
    path: '/u',
    make: () => ({ s: SECRET, u: undefined }),
  },
  { name: 'undefined in an array', code: 'undefined_value', path: '/0', make: () => [undefined] },
  { name: 'undefined at the root', code: 'undefined_value', path: '', make: () => undefined },
  {
    name: 'bigint',
    code: 'bigint_value',
    path: '/b',
    make: () => ({ b: 12345678901234567890n }),
    leak: ['12345678901234567890'],
  },
  { name: 'function', code: 'function_value', path: '/f', make: () => ({ f: () => SECRET }) },
  {
    name: 'own toJSON method',
    code: 'function_value',
    path: '/toJSON',
    make: () => ({ a: 1, toJSON: () => SECRET }),
  },
  { name: 'symbol value', code: 'symbol_value', path: '/s', make: () => ({ s: Symbol(SECRET) }) },
  {
    name: 'Date',
    code: 'date_object',
    path: '/d',
    make: () => ({ d: new Date(0) }),
    leak: ['1970', 'Thu'],
  },
  { name: 'RegExp', code: 'regexp_object', path: '/r', make: () => ({ r: new RegExp(SECRET) }) },
  { name: 'Map', code: 'map_object', path: '/m', make: () => ({ m: new Map([['k', SECRET]]) }) },
  { name: 'WeakMap', code: 'map_object', path: '/m', make: () => ({ m: new WeakMap() }) },
  { name: 'Set', code: 'set_object', path: '/0', make: () => [new Set([SECRET])] },
  { name: 'WeakSet', code: 'set_object', path: '/0', make: () => [new WeakSet()] },
  {
    name: 'Uint8Array',
    code: 'typed_array',
    path: '/t',
    make: () => ({ t: new Uint8Array([1, 2]) }),
  },
  {
    name: 'Float64Array',
    code: 'typed_array',
    path: '/t',
    make: () => ({ t: new Float64Array(1) }),
  },
  {
    name: 'DataView',
    code: 'typed_array',
    path: '/t',
    make: () => ({ t: new DataView(new ArrayBuffer(1)) }),
  },
  {
    name: 'ArrayBuffer',
    code: 'array_buffer',
    path: '/buf',
    make: () => ({ buf: new ArrayBuffer(4) }),
  },
  { name: 'boxed Number', code: 'boxed_primitive', path: '/n', make: () => ({ n: Object(42) }) },
  {
    name: 'boxed String',
    code: 'boxed_primitive',
    path: '/s',
    make: () => ({ s: Object(SECRET) }),
  },
  {
    name: 'boxed Boolean',
    code: 'boxed_primitive',
    path: '/b',
    make: () => ({ b: Object(false) }),
  },
  {
    name: 'boxed Symbol',
    code: 'boxed_primitive',
    path: '/y',
    make: () => ({ y: Object(Symbol('y')) }),
  },
  { name: 'boxed BigInt', code: 'boxed_primitive', path: '/i', make: () => ({ i: Object(1n) }) },
  {
    name: 'class instance',
    code: 'class_instance',
    path: '/c',
    make: () => {
      class Point {
        x = SECRET;
      }
      return { c: new Point() };
    },
  },
  {
    name: 'object with a custom prototype',
    code: 'class_instance',
    path: '/o',
    make: () => ({ o: Object.create({ inherited: SECRET }) }),
  },
  { name: 'Error', code: 'class_instance', path: '/e', make: () => ({ e: new Error(SECRET) }) },
  {
    name: 'Array subclass',
    code: 'class_instance',
    path: '',
    make: () => new (class extends Array {})(),
  },
  {
    name: 'Promise',
    code: 'promise_object',
    path: '/p',
    make: () => ({ p: Promise.resolve(SECRET) }),
  },
  {
    name: 'Proxy of a record',
    code: 'proxy_object',
    path: '/p',
    make: () => ({ p: new Proxy({ s: SECRET }, {}) }),
    options: { isProxy: types.isProxy },
  },
  {
    name: 'Proxy of an array',
    code: 'proxy_object',
    path: '/0',
    make: () => [new Proxy([SECRET], {})],
    options: { isProxy: types.isProxy },
  },
  {
    name: 'depth past maxDepth',
    code: 'max_depth_exceeded',
    path: '/a/b',
    make: () => ({ a: { b: { c: SECRET } } }),
    options: { maxDepth: 2 },
  },
  {
    name: 'nested arrays past the default depth',
    code: 'max_depth_exceeded',
    path: '/0'.repeat(DEFAULT_MAX_DEPTH),
    make: () => nestedArrays(DEFAULT_MAX_DEPTH + 1),
  },
  {
    name: 'nested records past the default depth',
    code: 'max_depth_exceeded',
    path: '/a'.repeat(DEFAULT_MAX_DEPTH),
    make: () => nestedRecords(DEFAULT_MAX_DEPTH + 1),
  },
];
