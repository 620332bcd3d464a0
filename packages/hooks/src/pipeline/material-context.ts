import type { JsonObject, JsonValue, RewriteHook, ToolPolicy } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import type { HookContext } from '../host/hook-input.js';
import { resolvePosix } from '../rules/file-paths.js';

/** Server context fields a config may make material (`materialContext`). */
export const MATERIAL_CONTEXT_KEYS = ['cwd', 'sessionId', 'user'] as const;

/** One of {@link MATERIAL_CONTEXT_KEYS}. */
export type MaterialContextKey = (typeof MATERIAL_CONTEXT_KEYS)[number];

/**
 * The hashed envelope of a call with material context:
 * `{"argseal:context": {<chosen fields>}, "argseal:input": <tool_input>}`. Top-level keys
 * that start with `argseal:` are refused in every host input (`reserved_input_key`), so a
 * plain `tool_input` and an envelope never hash alike.
 */
const ENVELOPE_KEYS = { context: 'argseal:context', input: 'argseal:input' } as const;

/** The material part of a call's context, in the envelope's form (cwd normalized). */
export function materialOf(context: HookContext, keys: readonly MaterialContextKey[]): JsonObject {
  const out: JsonObject = {};
  for (const k of keys) out[k] = k === 'cwd' ? resolvePosix('/', context.cwd) : context[k];
  return out;
}

/** RFC 8785 text of the envelope around canonical `inputText` (JCS key order: context, input). */
export function envelopeText(inputText: string, material: JsonObject): string {
  return `{"${ENVELOPE_KEYS.context}":${canonicalize(material)},"${ENVELOPE_KEYS.input}":${inputText}}`;
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The tool input inside an envelope (the value itself, not a copy). */
export function innerOf(args: JsonValue): JsonValue {
  return isObject(args) ? (args[ENVELOPE_KEYS.input] ?? null) : null;
}

/** The material context recorded in an envelope's canonical text, or undefined. */
export function contextOfEnvelope(argsCanonicalJson: string, decode: (t: string) => JsonValue) {
  const args = decode(argsCanonicalJson);
  const ctx = isObject(args) ? args[ENVELOPE_KEYS.context] : undefined;
  return isObject(ctx) ? ctx : undefined;
}

/**
 * A policy that sees the tool input, not the envelope: `parsedArguments` and
 * `requestedArguments` are the envelope's inner values (the same objects, so core still
 * notices a policy that mutates them); `argsCanonicalJson` and `proposalHash` stay the
 * call's identity, the envelope.
 */
export function onInner(policy: ToolPolicy<HookContext>): ToolPolicy<HookContext> {
  return (input) =>
    policy({
      ...input,
      parsedArguments: innerOf(input.parsedArguments),
      requestedArguments: innerOf(input.requestedArguments),
    });
}

/** A rewrite hook that rewrites the envelope's tool input and leaves its context alone. */
export function rewriteInner(hook: RewriteHook<HookContext>): RewriteHook<HookContext> {
  const wrapped = async (input: Parameters<RewriteHook<HookContext>>[0]) => {
    if (!isObject(input.arguments)) return undefined;
    const envelope = input.arguments;
    const next = await hook({ ...input, arguments: innerOf(envelope) });
    return next === undefined ? undefined : { ...envelope, [ENVELOPE_KEYS.input]: next };
  };
  return hook.omitOriginal ? Object.assign(wrapped, { omitOriginal: true as const }) : wrapped;
}
