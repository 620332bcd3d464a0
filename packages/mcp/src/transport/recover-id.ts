import type { RpcId } from './json-rpc.js';

/** What a refused message text seemed to be, for addressing the refusal only. */
export interface RefusedMessageHint {
  id: RpcId | null;
  isToolCall: boolean;
}

/**
 * Called only AFTER strict decoding refused `text`, so the host gets an answer instead of
 * a hang: a lenient `JSON.parse` reads the id (string or safe integer) and whether it was a
 * `tools/call`. Nothing of the message is forwarded or executed. Oversized texts and
 * texts JSON.parse rejects answer id null.
 */
export function recoverId(text: string, maxLength: number): RefusedMessageHint {
  if (text.length > maxLength) return { id: null, isToolCall: false };
  try {
    const value = JSON.parse(text) as { id?: unknown; method?: unknown } | null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { id: null, isToolCall: false };
    }
    const id =
      typeof value.id === 'string' ||
      (typeof value.id === 'number' && Number.isSafeInteger(value.id))
        ? value.id
        : null;
    return { id, isToolCall: id !== null && value.method === 'tools/call' };
  } catch {
    return { id: null, isToolCall: false };
  }
}
