import type { JsonValue, PolicyDecision, ToolPolicy, ToolPolicyInput } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { decide } from '../internal/decision.js';
import { compilePointers, resolvePointer } from '../internal/json-pointer.js';

/** An id the server vouches for: a string or a safe integer. */
export type ServerId = string | number;

/**
 * Options of {@link idsFromServerList}: which argument ids to check and the server's list
 * to check them against. A `list` that throws denies (`id_server_list_unavailable`). A
 * missing `list` function or malformed `paths` throw {@link PolicyConfigError}
 * (`invalid_policy_options`, `invalid_json_pointer`) when the policy is created.
 */
export interface IdsFromServerListOptions<C = unknown> {
  /**
   * JSON Pointers of the ids to check. `*` matches every array element:
   * `['/accountId', '/recipients/*']`.
   */
  paths: readonly string[];
  /**
   * The ids the server allows for this call, read from the server context (for
   * example the ids a previous list call returned). `undefined`/`null` means none.
   */
  list: (
    context: C,
    input: ToolPolicyInput<C>,
  ) => Iterable<ServerId> | null | undefined | Promise<Iterable<ServerId> | null | undefined>;
  /** Rule name in traces. Default `idsFromServerList`. */
  name?: string;
}

/** Stable reasons returned by {@link idsFromServerList}. */
export type IdsReason =
  | 'id_missing'
  | 'id_blank'
  | 'id_invalid_type'
  | 'id_not_in_server_list'
  | 'id_server_list_missing'
  | 'id_server_list_invalid'
  | 'id_server_list_empty'
  | 'id_server_list_unavailable'
  | 'ids_in_server_list';

/** Type-tagged key so the id `1` and the id `"1"` never match each other. */
function keyOf(id: unknown): string | undefined {
  if (typeof id === 'string') return /^\s*$/u.test(id) ? undefined : `s:${id}`;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return `n:${id}`;
  return undefined;
}

function idProblem(value: JsonValue): IdsReason | undefined {
  if (typeof value === 'string') return /^\s*$/u.test(value) ? 'id_blank' : undefined;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? undefined : 'id_invalid_type';
  return value === null ? 'id_missing' : 'id_invalid_type';
}

async function loadList<C>(
  options: IdsFromServerListOptions<C>,
  input: ToolPolicyInput<C>,
): Promise<Set<string> | IdsReason> {
  let list: unknown;
  try {
    list = await options.list(input.context, input);
  } catch {
    return 'id_server_list_unavailable';
  }
  if (list === undefined || list === null) return 'id_server_list_missing';
  if (
    typeof list === 'string' ||
    typeof (list as Iterable<unknown>)[Symbol.iterator] !== 'function'
  ) {
    return 'id_server_list_invalid';
  }
  const keys = new Set<string>();
  try {
    for (const id of list as Iterable<unknown>) {
      const key = keyOf(id);
      if (key !== undefined) keys.add(key);
    }
  } catch {
    return 'id_server_list_unavailable';
  }
  return keys.size === 0 ? 'id_server_list_empty' : keys;
}

/**
 * Every id at the named paths must be a member of a list the server supplies from the
 * context. Closed: a missing list, an empty list, a missing or blank id, an id of
 * another type, or any non-member denies. Comparison is exact (no trimming, case
 * folding or Unicode normalization) and type-strict (`1` is not `"1"`). A `*` path
 * that matches no element counts as a missing id.
 */
export function idsFromServerList<C = unknown>(
  options: IdsFromServerListOptions<C>,
): ToolPolicy<C> {
  assertKnownOptions('idsFromServerList', options, ['paths', 'list', 'name']);
  if (typeof options !== 'object' || options === null || typeof options.list !== 'function') {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'idsFromServerList: options.list must be a function',
    );
  }
  const name = options.name ?? 'idsFromServerList';
  const paths = compilePointers(options.paths, 'idsFromServerList: paths');
  const deny = (reason: IdsReason): PolicyDecision => decide(name, 'deny', reason);

  return async function idsFromServerList(input) {
    const ids: JsonValue[] = [];
    for (const path of paths) {
      const hits = resolvePointer(input.parsedArguments, path);
      if (hits.length === 0) return deny('id_missing');
      for (const hit of hits) {
        if (!hit.found) return deny('id_missing');
        const problem = idProblem(hit.value);
        if (problem) return deny(problem);
        ids.push(hit.value);
      }
    }
    const list = await loadList(options, input);
    if (typeof list === 'string') return deny(list);
    for (const id of ids) {
      if (!list.has(keyOf(id)!)) return deny('id_not_in_server_list');
    }
    return decide(name, 'allow', 'ids_in_server_list');
  };
}
