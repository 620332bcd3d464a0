import type { ReadonlyJsonValue } from '@argseal/core';
import { DlpError } from '../errors.js';

/** One string the scanner looks at: a string leaf or an object key. */
export interface Segment {
  readonly text: string;
  /** Tokens from the root to the leaf (for a key: to the member the key names). */
  readonly path: readonly (string | number)[];
  readonly location: 'value' | 'key';
  /** Index of the container holding it; sibling string values share one. */
  readonly container: number;
}

/** Every string of a value, in traversal order, and the container paths. */
interface Collected {
  readonly segments: readonly Segment[];
  readonly containers: readonly (readonly (string | number)[])[];
  /** Per container, the index of the container holding it (-1 for the root). */
  readonly parents: readonly number[];
  readonly length: number;
}

/**
 * Collects every string leaf and object key of a JSON value, depth first, keys in
 * `Object.keys` order (the redactor walks in the same order). Counts UTF-16 code units;
 * past `maxLength` it throws `scan_limit_exceeded` rather than scan part of the call.
 */
export function collectSegments(value: ReadonlyJsonValue, maxLength: number): Collected {
  const segments: Segment[] = [];
  const containers: (readonly (string | number)[])[] = [];
  const parents: number[] = [];
  let length = 0;
  const add = (segment: Segment): void => {
    length += segment.text.length;
    if (length > maxLength) {
      throw new DlpError(
        'scan_limit_exceeded',
        `policy-dlp: the arguments hold more than maxScanLength (${maxLength}) characters of strings`,
      );
    }
    segments.push(segment);
  };
  const walk = (v: ReadonlyJsonValue, path: (string | number)[], container: number): void => {
    if (typeof v === 'string') {
      add({ text: v, path: [...path], location: 'value', container });
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const id = containers.length;
    containers.push([...path]);
    parents.push(container);
    if (Array.isArray(v)) {
      (v as readonly ReadonlyJsonValue[]).forEach((item, i) => {
        path.push(i);
        walk(item, path, id);
        path.pop();
      });
      return;
    }
    const record = v as { readonly [key: string]: ReadonlyJsonValue };
    for (const key of Object.keys(record)) {
      path.push(key);
      add({ text: key, path: [...path], location: 'key', container: id });
      walk(record[key]!, path, id);
      path.pop();
    }
  };
  walk(value, [], -1);
  return { segments, containers, parents, length };
}
