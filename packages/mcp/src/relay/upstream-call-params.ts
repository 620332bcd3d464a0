import type { JsonObject, JsonValue } from '@argseal/core';

/**
 * Members of a host `tools/call`'s `params._meta` that are forwarded to the upstream besides
 * the sealed call: protocol fields that do not change what the tool does. Everything else
 * the host puts in `params` (other `_meta` entries, `task`, unknown members) is dropped: it
 * is not part of the proposal hash, so it never reaches the upstream.
 */
const FORWARDED_META_KEYS: readonly string[] = ['progressToken'];

const isRecord = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `params` of the upstream `tools/call` for an authorized attempt: exactly the tool's
 * upstream name and the fresh decoded copy of the arguments that were hashed, plus the
 * allowlisted `_meta` fields ({@link FORWARDED_META_KEYS}) of the host's request.
 */
export function upstreamCallParams(
  upstreamName: string,
  sealedArguments: JsonValue,
  hostParams: JsonObject | undefined,
): JsonObject {
  const params: JsonObject = { name: upstreamName, arguments: sealedArguments };
  const hostMeta = hostParams?._meta;
  if (!isRecord(hostMeta)) return params;
  let meta: JsonObject | undefined;
  for (const key of FORWARDED_META_KEYS) {
    const value = hostMeta[key];
    if (key === 'progressToken' && typeof value !== 'string' && typeof value !== 'number') continue;
    if (value === undefined) continue;
    meta ??= {};
    meta[key] = value;
  }
  if (meta) params._meta = meta;
  return params;
}
