import type { JsonValue } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { PolicyConfigError } from '../errors.js';
import { compilePointer, compilePointers, resolvePointer } from './json-pointer.js';

describe('compilePointer', () => {
  it('decodes ~1 and ~0', () => {
    expect(compilePointer('/a~1b/c~0d', 'x').segments).toEqual(['a/b', 'c~d']);
    expect(compilePointer('', 'x').segments).toEqual([]);
  });

  it.each([['a'], ['/a~2'], ['/a~'], [1], [null]])('refuses %j with invalid_json_pointer', (p) => {
    const err = (() => {
      try {
        compilePointer(p, 'opt');
      } catch (e) {
        return e;
      }
    })();
    expect(PolicyConfigError.isInstance(err)).toBe(true);
    expect((err as PolicyConfigError).code).toBe('invalid_json_pointer');
  });

  it('compilePointers refuses an empty list', () => {
    expect(() => compilePointers([], 'paths')).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });
});

describe('resolvePointer', () => {
  const doc: JsonValue = {
    a: { b: [1, { c: 2 }] },
    'x/y': 3,
    __proto__x: 4,
    items: [{ id: 'a' }, { id: 'b' }, {}],
  };

  it('finds nested values', () => {
    expect(resolvePointer(doc, compilePointer('/a/b/1/c', 't'))).toEqual([
      { pointer: '/a/b/1/c', found: true, value: 2 },
    ]);
    expect(resolvePointer(doc, compilePointer('/x~1y', 't'))).toEqual([
      { pointer: '/x~1y', found: true, value: 3 },
    ]);
  });

  it('expands * over arrays and reports missing elements', () => {
    expect(resolvePointer(doc, compilePointer('/items/*/id', 't'))).toEqual([
      { pointer: '/items/0/id', found: true, value: 'a' },
      { pointer: '/items/1/id', found: true, value: 'b' },
      { pointer: '/items/2/id', found: false },
    ]);
    expect(resolvePointer({ items: [] }, compilePointer('/items/*', 't'))).toEqual([]);
  });

  it('does not read inherited members or non-canonical indexes', () => {
    for (const p of [
      '/constructor',
      '/toString',
      '/__proto__',
      '/a/b/01',
      '/a/b/-',
      '/a/b/2',
      '/a/b/length',
    ]) {
      expect(resolvePointer(doc, compilePointer(p, 't'))[0]?.found).toBe(false);
    }
  });

  it('reads a __proto__ key that is own data', () => {
    const own = JSON.parse('{"__proto__": {"id": "x"}}');
    expect(resolvePointer(own, compilePointer('/__proto__/id', 't'))).toEqual([
      { pointer: '/__proto__/id', found: true, value: 'x' },
    ]);
  });
});
