/**
 * Wire formats the loopback provider speaks. `mistral-chat` is Chat Completions served for
 * Mistral clients; `anthropic-start-input` is Anthropic Messages whose stream carries each
 * call's whole `input` in `content_block_start`; `gemini` is `generateContent` /
 * `streamGenerateContent?alt=sse`.
 */
export type ProviderApi =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic-messages'
  | 'anthropic-start-input'
  | 'mistral-chat'
  | 'gemini';

/** One tool call a scripted turn proposes. */
export interface ScriptedProviderToolCall {
  /** Provider call id (Chat `tool_calls[].id`, Responses `call_id`, Anthropic `tool_use.id`). */
  id: string;
  /** Tool name. */
  name: string;
  /**
   * The argument text, sent byte for byte: a JSON string value in OpenAI formats, the
   * literal `input` value in Anthropic JSON, `partial_json` deltas in Anthropic SSE. It may
   * be hostile (duplicate keys, 19-digit integers, truncated text...).
   */
  arguments: string;
  /**
   * Where to cut `arguments` into deltas when streaming (UTF-16 offsets, ascending).
   * Default: `defaultSplitPoints(arguments)` (every few characters and inside every `\u`
   * escape). `[]` sends the whole text in one delta.
   */
  splitAt?: readonly number[];
  /**
   * OpenAI Responses only: the `namespace` of the function call (Codex offers MCP tools as
   * `{ type: "namespace", name: "mcp__<server>" }` and expects it on the call).
   */
  namespace?: string;
}

/** A body sent verbatim, for hostile envelopes (bad JSON, truncated SSE...). */
export interface RawProviderResponse {
  status?: number;
  contentType?: string;
  body: string;
}

/** One scripted model turn: optional text, then tool calls (a turn without calls ends the run). */
export interface ScriptedProviderTurn {
  text?: string;
  toolCalls?: readonly ScriptedProviderToolCall[];
  /** Send this instead of a generated response (JSON and SSE alike). */
  raw?: RawProviderResponse;
}

/** A request the loopback provider received. */
export interface LoopbackRequest {
  method: string;
  /** Path with query, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: Readonly<Record<string, string>>;
  /** The request body as received (UTF-8). */
  bodyText: string;
  /** `JSON.parse(bodyText)`, or `undefined` when it is not JSON. */
  body: unknown;
  /** Whether the response was streamed (request body `stream: true`, or Gemini's stream path). */
  stream: boolean;
}

export interface LoopbackProviderOptions {
  api: ProviderApi;
  /** Replayed in order, one per accepted request. */
  turns: readonly ScriptedProviderTurn[];
  /** Requests served before the server stops itself. Default: `turns.length + 4`. */
  maxRequests?: number;
  /** Lifetime in ms after which the server stops itself. Default 60 000. */
  lifetimeMs?: number;
  /** Largest request body accepted, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
}

export interface LoopbackProvider {
  /**
   * Origin, e.g. `http://127.0.0.1:41234`. Requests are routed by path suffix
   * (`/chat/completions`, `/responses`, `/messages`), so both `url` and `${url}/v1` work as
   * an SDK's base URL.
   */
  url: string;
  /** Every request received so far, in order (live array). */
  requests: readonly LoopbackRequest[];
  /** Stops the server and drops open connections. Idempotent. */
  close(): Promise<void>;
}

/** What an emitter produces for one turn. */
export type ProviderResponse =
  | { kind: 'json'; body: string }
  | { kind: 'sse'; events: readonly SseEvent[] };

export interface SseEvent {
  /** `event:` line (Anthropic and Responses name their events; Chat does not). */
  event?: string;
  /** `data:` payload (JSON text, or `[DONE]`). */
  data: string;
}

/** Per-turn facts emitters need. */
export interface TurnContext {
  /** 1-based index of the turn (used for stable ids). */
  index: number;
  /** The model the request named, echoed back. */
  model: string;
}
