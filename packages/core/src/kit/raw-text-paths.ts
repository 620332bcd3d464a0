import { decodedFromText } from './inputs.js';

/**
 * One provider path whose tool-call argument text an adapter proved to be the provider's
 * wire text, byte for byte: the provider package, the wire API it speaks and the mode
 * (`generate`: one response body; `stream`: server-sent events). Each row of an adapter's
 * table is backed by a test against the real package on a loopback server.
 */
export interface RawTextPath {
  /** The provider package, e.g. `@ai-sdk/openai`. */
  provider: string;
  /** The wire API, e.g. `openai-chat`. */
  api: string;
  mode: 'generate' | 'stream';
}

const declared = new WeakSet<object>();

/**
 * Declares that `model` (a framework model object the adapter's table does not know, e.g.
 * an in-house provider or a scripted test model) hands each tool call's argument text on
 * exactly as the model produced it. Without this, such a model's texts count as
 * `decoded_only` (refused `raw_text_unavailable` unless the strict fetch guard checked the
 * body, or `allowDecodedOnly` is set). Returns `model`.
 */
export function declareRawTextModel<T extends object>(model: T): T {
  declared.add(model);
  return model;
}

/** True when {@link declareRawTextModel} declared `model`. */
export function isDeclaredRawTextModel(model: unknown): boolean {
  return typeof model === 'object' && model !== null && declared.has(model);
}

/**
 * The `prepare` input for a tool call's argument text: the text itself where its path is
 * proven (a row of the adapter's table, or a declared model), else the `decoded_only`
 * value it encodes (see `decodedFromText`).
 */
export function argumentTextInput(text: string, proven: boolean) {
  return proven ? text : decodedFromText(text);
}
