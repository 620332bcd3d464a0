import { describe, expect, it } from 'vitest';
import { rejection } from './__fixtures__/rejection.js';
import { referenceJcs } from './__fixtures__/strict-values.js';
import { canonicalize } from './canonicalize.js';
import { createSnapshot } from './snapshot.js';

// The walk remembers the last few key lists it checked and sorted, so records of one shape
// (the items of an array) are sorted once. These cases pin what must not change with it.
describe('records of repeated shapes', () => {
  const item = (i: number) => ({ sku: `s${i}`, qty: i, meta: { w: i % 2 === 0, note: null } });

  it('every record is written in RFC 8785 order, whichever shapes repeat and in what order', () => {
    const shapes = [
      { b: 1, a: 2 },
      { a: 3, b: 4 },
      { b: 5, a: 6 },
      { c: 0, b: 0, a: 0 },
      { b: 7, a: 8 },
      { 10: 'x', 2: 'y', a: 'z' },
      { 10: 'x', 2: 'y', a: 'z' },
      { e: 1, d: 2 },
      { b: 9, a: 10 },
    ];
    const value = { items: Array.from({ length: 12 }, (_, i) => item(i)), shapes };
    expect(canonicalize(value)).toBe(referenceJcs(value));
    expect(canonicalize(createSnapshot(value))).toBe(referenceJcs(value));
  });

  it('a record that breaks a rule after others of its shape is refused at its own path', () => {
    const items: unknown[] = [item(0), item(1), item(2)];
    items.push({ sku: 's3', qty: -0, meta: { w: true, note: null } });
    const e = rejection(() => canonicalize({ items }));
    expect(e.code).toBe('negative_zero');
    expect(e.path).toBe('/items/3/qty');
    const bad = { ...item(4), '\ud800': 1 };
    const e2 = rejection(() => canonicalize({ items: [item(0), item(1), bad] }));
    expect(e2.code).toBe('lone_surrogate');
    expect(e2.path).toBe('/items/2/\ud800');
  });

  it('an accessor in a later record of a known shape is still found, never invoked', () => {
    let invoked = false;
    // enumerates like item(): sku, qty, meta
    const sneaky = { sku: 's', qty: 1, meta: { w: true, note: null } };
    Object.defineProperty(sneaky, 'qty', {
      enumerable: true,
      get() {
        invoked = true;
        return 1;
      },
    });
    const e = rejection(() => canonicalize([item(0), item(1), sneaky]));
    expect(e.code).toBe('accessor_property');
    expect(e.path).toBe('/2/qty');
    expect(invoked).toBe(false);
  });
});
