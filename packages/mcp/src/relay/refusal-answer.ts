import type { MessageRefusal } from '../transport/decode-message.js';
import { RPC_PARSE_ERROR, type RpcMessage, rpcError } from '../transport/json-rpc.js';
import type { RefusedMessageHint } from '../transport/recover-id.js';
import { refusalResult } from './refusal-result.js';

/**
 * The answer to a host message text strict decoding refused: a tool error result for a
 * `tools/call` (the model sees the code), a JSON-RPC parse error with `data.code`
 * otherwise (without an id when none could be read).
 */
export function refusalAnswer(refusal: MessageRefusal, hint: RefusedMessageHint): RpcMessage {
  if (hint.id !== null && hint.isToolCall) {
    const result = refusalResult({
      code: refusal.code,
      stage: 'decode',
      tool: '(unknown)',
      path: refusal.path,
    });
    return { jsonrpc: '2.0', id: hint.id, result };
  }
  return rpcError(
    hint.id,
    RPC_PARSE_ERROR,
    `argseal refused the message: ${refusal.code}`,
    refusal.code,
  );
}
