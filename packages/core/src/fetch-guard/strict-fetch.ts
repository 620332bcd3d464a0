import { parseStrictJson } from '../json/parse-strict-json.js';
import { defaultProvenanceRegistry } from '../kit/provenance-registry.js';
import { strictSseTransform } from './guard-stream.js';
import { checkJsonBody } from './json-body.js';
import { type GuardContext, StrictFetchError, type StrictFetchOptions } from './types.js';

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const DEFAULT_MAX_ARGUMENTS = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 128;

/**
 * A `fetch` for provider SDKs (`@ai-sdk/*` `fetch`, the `openai` and `@anthropic-ai/sdk`
 * clients' `fetch`, LangChain's `configuration.fetch` / `clientOptions.fetch`). Successful
 * JSON and SSE responses must pass argseal's strict decoder, and so must every tool call's
 * argument text in them (Chat Completions `function.arguments`, Responses `function_call`
 * arguments and argument deltas, Anthropic `tool_use.input` and `input_json_delta`
 * reassembled per block). Checked calls are recorded by call id and canonical text in the
 * provenance registry, so `prepare` accepts their decoded objects as `checked_transport`.
 *
 * A JSON body that fails rejects the request; an SSE stream that fails errors before the
 * event completing the failed call reaches the consumer. Errors are
 * `ToolArgumentsValidationError` (stage `decode`, the decoder's code) or
 * {@link StrictFetchError}; neither carries the payload. Error statuses, empty bodies and
 * other content types pass through unchanged. SDK retries re-request a fresh response,
 * which is checked again.
 */
export function createStrictFetch(
  baseFetch?: typeof globalThis.fetch,
  options: StrictFetchOptions = {},
): typeof globalThis.fetch {
  const ctx = resolve(options);
  const strictFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await (baseFetch ?? globalThis.fetch)(input, init);
    return guardResponse(response, ctx);
  };
  return strictFetch as typeof globalThis.fetch;
}

function resolve(options: StrictFetchOptions): GuardContext {
  const recorder = options.registry ?? defaultProvenanceRegistry;
  return {
    recorder,
    maxBodyLength: options.maxBodyLength ?? DEFAULT_MAX_BODY,
    maxArgumentsLength: options.maxArgumentsLength ?? DEFAULT_MAX_ARGUMENTS,
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
  };
}

async function guardResponse(response: Response, ctx: GuardContext): Promise<Response> {
  if (response.status < 200 || response.status > 299 || response.body === null) return response;
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('text/event-stream')) {
    return rebuild(response, response.body.pipeThrough(strictSseTransform(ctx)));
  }
  if (type !== '' && !type.includes('json')) return response;
  const text = await readText(response.body, ctx.maxBodyLength);
  if (text.trim() === '') return rebuild(response, text);
  const body = parseStrictJson(text, { maxLength: ctx.maxBodyLength, maxDepth: ctx.maxDepth });
  // record only once the whole body passed: nothing is vouched for from a refused body
  const checked: Parameters<GuardContext['recorder']['markChecked']>[0][] = [];
  checkJsonBody(body, { ...ctx, recorder: { markChecked: (entry) => checked.push(entry) } });
  for (const entry of checked) ctx.recorder.markChecked(entry);
  return rebuild(response, text);
}

function rebuild(response: Response, body: BodyInit): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

async function readText(body: ReadableStream<Uint8Array>, maxLength: number): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    length += text.length;
    if (length > maxLength) {
      await reader.cancel();
      throw new StrictFetchError(
        'body_too_large',
        'a provider response body passed the size limit',
      );
    }
    parts.push(text);
    if (done) return parts.join('');
  }
}
