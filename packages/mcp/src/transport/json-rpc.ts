import type { JsonObject, JsonValue } from '@argseal/core';

/** A JSON-RPC id as MCP allows it. */
export type RpcId = string | number;

/** A strictly decoded JSON-RPC message (request, notification or response). */
export interface RpcMessage {
  jsonrpc: '2.0';
  id?: RpcId | null;
  method?: string;
  params?: JsonObject;
  result?: JsonObject;
  error?: { code: number; message: string; data?: JsonValue };
}

/** JSON-RPC error codes the proxy answers with. */
export const RPC_PARSE_ERROR = -32700;
export const RPC_INTERNAL_ERROR = -32603;

export const isRequest = (m: RpcMessage): m is RpcMessage & { id: RpcId; method: string } =>
  typeof m.method === 'string' && m.id !== undefined && m.id !== null;
export const isNotification = (m: RpcMessage): m is RpcMessage & { method: string } =>
  typeof m.method === 'string' && m.id === undefined;
export const isResponse = (m: RpcMessage): m is RpcMessage & { id: RpcId } =>
  m.method === undefined && (m.result !== undefined || m.error !== undefined);

/** Key of an id in maps: a string id and a numeric id with the same digits are different. */
export const idKey = (id: RpcId): string => `${typeof id}:${String(id)}`;

/**
 * A JSON-RPC error response. `data.code` carries argseal's stable code. An unknown id
 * (`null`) is omitted, as the MCP SDK's schema expects.
 */
export function rpcError(
  id: RpcId | null,
  rpcCode: number,
  message: string,
  code?: string,
): RpcMessage {
  const error: RpcMessage['error'] = { code: rpcCode, message };
  if (code !== undefined) error.data = { code };
  return id === null ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}
