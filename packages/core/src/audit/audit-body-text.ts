import { canonicalize } from '../json/canonicalize.js';
import { isWellFormedString } from '../json/strict-domain.js';
import type { JsonValue } from '../json/types.js';

/** The members of an audit record body (every field but `hash`), in RFC 8785 order. */
const NAMES = [
  'agent',
  'approver',
  'argsCanonicalJson',
  'at',
  'bindingHash',
  'data',
  'decision',
  'error',
  'mode',
  'note',
  'originalArguments',
  'prevHash',
  'proposalHash',
  'proposalId',
  'reason',
  'seq',
  'stream',
  'supersedes',
  'tool',
  'toolCallId',
  'trace',
  'type',
].sort();
const RANK = new Map(NAMES.map((name, i) => [name, i]));
const NAME_TEXT = NAMES.map((name) => `${JSON.stringify(name)}:`);

/**
 * Per member, the last string value written and its JSON text: a call's records repeat
 * most of them (agent, tool, toolCallId, proposalHash, a timestamp; `proposed` and
 * `executed` the same 2 KB `argsCanonicalJson`), which are then checked and escaped once.
 */
const lastValue: unknown[] = NAMES.map(() => undefined);
const lastText: string[] = NAMES.map(() => '');

/** The ranks of `keys` in {@link NAMES}, sorted; `undefined` for any other key. */
function knownOrder(keys: string[]): number[] | undefined {
  const ranks: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const r = RANK.get(keys[i] as string);
    if (r === undefined) return undefined;
    let j = i;
    while (j > 0 && (ranks[j - 1] as number) > r) {
      ranks[j] = ranks[j - 1] as number;
      j--;
    }
    ranks[j] = r;
  }
  return ranks;
}

/** The JSON text of a member value, or `undefined` for one `canonicalize` must judge. */
function valueText(v: unknown, rank: number): string | undefined {
  if (typeof v === 'string') {
    if (v === lastValue[rank]) {
      lastValue[rank] = v; // the same string object next time: compared by reference
      return lastText[rank];
    }
    if (!isWellFormedString(v)) return undefined;
    const text = JSON.stringify(v);
    lastValue[rank] = v;
    lastText[rank] = text;
    return text;
  }
  if (typeof v === 'number')
    return Number.isSafeInteger(v) && !Object.is(v, -0) ? String(v) : undefined;
  if (typeof v === 'boolean' || v === null) return String(v);
  if (typeof v === 'object') return canonicalize(v as JsonValue);
  return undefined;
}

/**
 * @internal RFC 8785 text of a record body {@link auditRecordBody} built (a plain record
 * of data properties). Its members are the record fields, mostly strings and integers
 * (the 2 KB `argsCanonicalJson` among them), so they are serialized directly: sorted
 * names (known ones by a fixed order, their text precomputed), strings through
 * `JSON.stringify` (RFC 8785's string form for well-formed text), safe integers as
 * decimals, nested values (trace, error, data) through the validating `canonicalize`.
 * Any other key or value goes through `canonicalize` of the whole body, which also
 * throws the proper error.
 */
export function bodyText(body: Record<string, unknown>): string {
  const keys = Object.keys(body);
  const order = knownOrder(keys);
  if (order === undefined) return canonicalize(body as JsonValue);
  let out = '{';
  for (let i = 0; i < order.length; i++) {
    const rank = order[i] as number;
    const text = valueText(body[NAMES[rank] as string], rank);
    if (text === undefined) return canonicalize(body as JsonValue);
    out += i === 0 ? NAME_TEXT[rank] + text : `,${NAME_TEXT[rank]}${text}`;
  }
  return `${out}}`;
}
