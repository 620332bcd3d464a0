import type { JsonValue } from '@argseal/core';
import { canonicalize, parseStrictJson } from '@argseal/core/data';
import { type McpRefusalCode, toMcpRefusalCode } from '../refusal-code.js';
import type { RpcMessage } from './json-rpc.js';

/** Default size limit of one JSON-RPC message text, in UTF-16 code units (4 MiB). */
export const DEFAULT_MAX_MESSAGE_LENGTH = 4 * 1_048_576;
/** Nesting allowed above a tool's arguments: message, params, arguments. */
const ENVELOPE_DEPTH = 3;

/** Limits of {@link decodeMessage}. */
export interface DecodeLimits {
  maxLength?: number;
  /** Nesting limit of tool arguments (the envelope adds three levels). Default 64. */
  maxDepth?: number;
}

/** A message that passed strict decoding; `argumentsText` is set for `tools/call`. */
interface DecodedMessage {
  message: RpcMessage;
  /** Canonical text of `params.arguments` of a `tools/call`, decoded from the raw message text. */
  argumentsText?: string;
}

/** Why a message text was refused: a stable code, the JSON Pointer, and nothing of the payload. */
export interface MessageRefusal {
  code: McpRefusalCode;
  path: string;
}

export type DecodeResult =
  | { ok: true; value: DecodedMessage }
  | { ok: false; refusal: MessageRefusal };

const isObject = (v: unknown): v is Record<string, JsonValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const validId = (id: unknown): boolean =>
  typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));

function checkShape(value: JsonValue): MessageRefusal | undefined {
  if (!isObject(value)) return { code: 'invalid_message', path: '' };
  if (value.jsonrpc !== '2.0') return { code: 'invalid_message', path: '/jsonrpc' };
  if ('id' in value && !validId(value.id) && !(value.id === null && !('method' in value))) {
    return { code: 'invalid_message', path: '/id' };
  }
  if ('method' in value && typeof value.method !== 'string') {
    return { code: 'invalid_message', path: '/method' };
  }
  if ('params' in value && !isObject(value.params)) {
    return { code: 'invalid_message', path: '/params' };
  }
  if (!('method' in value) && !('result' in value) && !('error' in value)) {
    return { code: 'invalid_message', path: '' };
  }
  return undefined;
}

/**
 * Strictly decodes one JSON-RPC message text with core's parseStrictJson before anything
 * else parses it: duplicate keys, unsafe integers, lone surrogates, -0, trailing data and
 * size or depth past the limits are refused with core's stable codes. Never throws.
 */
export function decodeMessage(text: string, limits: DecodeLimits = {}): DecodeResult {
  const maxLength = limits.maxLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
  if (text.length > maxLength)
    return { ok: false, refusal: { code: 'max_length_exceeded', path: '' } };
  let value: JsonValue;
  try {
    value = parseStrictJson(text, {
      maxLength,
      maxDepth: (limits.maxDepth ?? 64) + ENVELOPE_DEPTH,
    });
  } catch (error) {
    const e = error as { code?: unknown; path?: unknown };
    return {
      ok: false,
      refusal: {
        code: typeof e.code === 'string' ? toMcpRefusalCode(e.code) : 'invalid_message',
        path: typeof e.path === 'string' ? e.path : '',
      },
    };
  }
  const bad = checkShape(value);
  if (bad) return { ok: false, refusal: bad };
  const message = value as unknown as RpcMessage;
  if (message.method === 'tools/call' && message.id != null) {
    const args = message.params?.arguments;
    // absent arguments are an empty object, as the SDK server treats them
    const argumentsText = args === undefined ? '{}' : canonicalize(args as JsonValue);
    return { ok: true, value: { message, argumentsText } };
  }
  return { ok: true, value: { message } };
}
