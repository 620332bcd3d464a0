import { ArgsealConfigError } from '../errors.js';
import { decodeCanonical } from '../json/canonicalize.js';
import { comparableCanonicalText } from '../json/ordered-text.js';
import { isSnapshot } from '../json/snapshot.js';
import { canonicalOrUndefined } from './inputs.js';

/** What a ledger needs to know of the value it hands over (an `Attempt` fits). */
export interface HandoverEntry {
  readonly tool: { readonly name: string };
  readonly toolCallId: string;
  /** The canonical text the framework's history carries for this call. */
  readonly historyArguments: string;
  /**
   * An `Attempt`'s deep-frozen snapshot and its canonical text: when that text is the
   * history text, {@link HandoverLedger.adopt} hands out the snapshot itself.
   */
  readonly snapshot?: unknown;
  readonly argsCanonicalJson?: string;
}

/**
 * The scope an adapter hands over in: an object (the framework's messages array, a run
 * object; held weakly) or a string (a thread id). `undefined` is one shared scope.
 */
export type HandoverScope = object | string | undefined;

/**
 * Which call the next seam is looking for, with the arguments the framework holds for it
 * now, in whatever form it holds them: a value the ledger handed out (`decode`, `adopt`;
 * known by identity), the decoded arguments (known by their validated canonical text), or
 * a string: the arguments' text as the framework's history carries it (compared as is).
 */
interface HandoverLookup {
  tool: string;
  toolCallId: string;
  args: unknown;
}

/**
 * One bounded hand-over of prepared attempts between a framework's hooks (model seam →
 * approval gate → execute). Keyed by scope, tool, toolCallId and the history text of the
 * arguments: one key, found one way ({@link HandoverLookup}: a handed-out value by identity,
 * a string as is, decoded arguments by their validated canonical text, cached per object
 * while the object's `JSON.stringify` stays the same), and each entry is taken once: a call whose arguments changed in between, or that another
 * run owns, never picks up someone else's attempt. When full, the oldest entries go (a
 * dropped entry only means the next seam prepares again).
 */
export interface HandoverLedger<T extends HandoverEntry = HandoverEntry> {
  put(entry: T, scope?: HandoverScope): void;
  take(lookup: HandoverLookup, scope?: HandoverScope): T | undefined;
  /**
   * The decoded value of an entry's `historyArguments`, for an adapter that writes the
   * framework's decoded arguments itself: deep-frozen, and recognised by identity in
   * {@link HandoverLedger.take} (no canonicalization, no copy: it cannot change).
   *
   * @throws {ArgsealConfigError} `invalid_canonical_json` when `text` is not JSON.
   */
  decode(text: string): unknown;
  /**
   * For a framework hook that can replace the decoded arguments it holds (the AI SDK's
   * schema `validate`, given its `JSON.parse` of the history text): when `value` is written
   * by `JSON.stringify` as the history text of a queued entry whose snapshot has that same
   * canonical text, that deep-frozen snapshot, which {@link HandoverLedger.take} recognises
   * by identity (no canonicalization, no copy); otherwise `value` itself. Only the lookup
   * changes: a handed-over attempt still runs on its own fresh copy of what was hashed.
   */
  adopt(value: unknown): unknown;
  readonly size: number;
}

const part = (s: string) => `${s.length}:${s}`;

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function stringified(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Creates a {@link HandoverLedger}. `max` (default 1024) bounds the entries over all scopes.
 *
 * @throws {ArgsealConfigError} `invalid_ledger` when `max` is not a positive integer.
 */
export function createHandoverLedger<T extends HandoverEntry = HandoverEntry>(options?: {
  max?: number;
}): HandoverLedger<T> {
  const max = options?.max ?? 1024;
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new ArgsealConfigError(
      'invalid_ledger',
      'createHandoverLedger: max must be a positive integer',
    );
  }
  const scopeIds = new WeakMap<object, number>();
  let nextScope = 1;
  const entries = new Map<string, T[]>();
  let size = 0;
  // decoded arguments → their canonical text, valid while they still stringify the same
  const texts = new WeakMap<object, { json: string | undefined; canonical: string }>();
  // deep-frozen values `decode` returned (and adoptable snapshots) → their text
  const decoded = new WeakMap<object, string>();
  // history text → the snapshot `adopt` hands out, while entries with that text are queued
  const adoptable = new Map<string, { snapshot: object; queued: number }>();

  function queued(entry: T, delta: 1 | -1): void {
    const text = entry.historyArguments;
    const snapshot = entry.snapshot;
    if (entry.argsCanonicalJson !== text || !isSnapshot(snapshot)) return;
    const known = adoptable.get(text);
    if (delta === 1) {
      if (known === undefined) adoptable.set(text, { snapshot: snapshot as object, queued: 1 });
      else known.queued++;
      decoded.set(snapshot as object, text);
    } else if (known !== undefined && --known.queued === 0) adoptable.delete(text);
  }

  /**
   * The one way a lookup's arguments become the key's text: a string is the history text
   * itself; a value the ledger handed out is known by identity; decoded arguments give
   * their validated canonical text, cached per object: a cached text is reused while the
   * object's native `JSON.stringify` is unchanged (a changed object is canonicalized again,
   * so changed arguments never pick up an older attempt). The seams of one step (approval
   * gate, execute, each scope tried) look up the same object: validated once.
   */
  function historyTextOf(args: unknown): string | undefined {
    if (typeof args === 'string') return args;
    if (typeof args !== 'object' || args === null) return canonicalOrUndefined(args);
    const text = decoded.get(args);
    if (text !== undefined) return text;
    const hit = texts.get(args);
    if (hit !== undefined && stringified(args) === hit.json) return hit.canonical;
    let c: { text: string; stringifies: boolean };
    try {
      c = comparableCanonicalText(args);
    } catch {
      return undefined;
    }
    // only values inside the strict domain are cached (no accessors: stringify reads data);
    // keys already in RFC 8785 order (a framework's decode of the history text) stringify
    // to the canonical text itself
    texts.set(args, { json: c.stringifies ? c.text : stringified(args), canonical: c.text });
    return c.text;
  }

  /** The first entry of `list` (under `key`) whose history text is `text` (queued in order). */
  function takeFrom(key: string, list: T[], text: string): T | undefined {
    const i = list.findIndex((e) => e.historyArguments === text);
    if (i < 0) return undefined;
    const [entry] = list.splice(i, 1) as [T];
    queued(entry, -1);
    size--;
    if (list.length === 0) entries.delete(key);
    return entry;
  }

  function scopeKey(scope: HandoverScope): string {
    if (scope === undefined) return '-';
    if (typeof scope === 'string') return `s${part(scope)}`;
    let id = scopeIds.get(scope);
    if (id === undefined) {
      id = nextScope++;
      scopeIds.set(scope, id);
    }
    return `o${id}`;
  }
  // short keys (scope, tool, call id); the canonical text is compared, never hashed as a key
  const keyOf = (scope: HandoverScope, tool: string, id: string) =>
    `${scopeKey(scope)}|${part(tool)}${part(id)}`;

  return {
    put(entry, scope) {
      const key = keyOf(scope, entry.tool.name, entry.toolCallId);
      const list = entries.get(key) ?? [];
      list.push(entry);
      entries.delete(key);
      entries.set(key, list);
      queued(entry, 1);
      size++;
      while (size > max) {
        const oldest = entries.entries().next();
        if (oldest.done) break;
        const [k, l] = oldest.value;
        queued(l.shift() as T, -1);
        size--;
        if (l.length === 0) entries.delete(k);
      }
    },
    take(lookup, scope) {
      const key = keyOf(scope, lookup.tool, lookup.toolCallId);
      const list = entries.get(key);
      if (list === undefined) return undefined;
      const text = historyTextOf(lookup.args);
      return text === undefined ? undefined : takeFrom(key, list, text);
    },
    decode(text) {
      const value = deepFreeze(decodeCanonical(text));
      if (typeof value === 'object' && value !== null) decoded.set(value, text);
      return value;
    },
    adopt(value) {
      if (adoptable.size === 0 || typeof value !== 'object' || value === null) return value;
      const text = stringified(value);
      return (text !== undefined && adoptable.get(text)?.snapshot) || value;
    },
    get size() {
      return size;
    },
  };
}
