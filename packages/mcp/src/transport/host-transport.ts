import type { MessageRefusal } from './decode-message.js';
import type { RpcId, RpcMessage } from './json-rpc.js';
import type { RefusedMessageHint } from './recover-id.js';

/** One host message that passed strict decoding, as a host transport hands it to the relay. */
export interface HostMessage {
  message: RpcMessage;
  /**
   * For a `tools/call` request: the canonical text of `params.arguments`, decoded from the
   * raw message text. Absent means the message did not come through a strict decoder, and a
   * call is refused `raw_text_unavailable`.
   */
  argumentsText?: string;
}

/**
 * The proxy's side of one host connection (stdio, or one streamable HTTP session). It
 * decodes every message text strictly before anything else reads it: decoded messages go
 * to `onmessage` with their arguments text, refused texts to `onrefused` (nothing of them
 * is forwarded).
 */
export interface HostTransport {
  onmessage?: (message: HostMessage) => void;
  onrefused?: (refusal: MessageRefusal, hint: RefusedMessageHint) => void;
  onclose?: () => void;
  start(): Promise<void>;
  /** Sends to the host; `relatedRequestId` routes it onto that request's HTTP stream. */
  send(message: RpcMessage, relatedRequestId?: RpcId): Promise<void>;
  close(): Promise<void>;
}
