import { type AuthorizationResult, canonicalize, type PreparedToolCall } from '@argseal/core';
import type { CallMark } from './call-mark.js';
import type { SealEnv } from './seal-env.js';
import { type BlockedDetails, invalidDetails } from './tool-output.js';

export interface ToolCallLike {
  id: string;
  name: string;
  args: unknown;
}

export type ResolvedCall =
  | {
      kind: 'prepared';
      call: PreparedToolCall;
      auth?: Extract<AuthorizationResult, { type: 'allow' | 'deny' }>;
      /** The hash the model seam recorded, when it differs from this attempt's hash. */
      resumeOf?: string;
    }
  | { kind: 'blocked'; details: BlockedDetails }
  | { kind: 'passthrough' };

function sameArgs(args: unknown, argsCanonicalJson: string): boolean {
  try {
    return canonicalize(args) === argsCanonicalJson;
  } catch {
    return false;
  }
}

/**
 * The prepared call for a tool call as LangChain holds it now: the entry the previous
 * seam left (when it still matches name and arguments), else a refusal recorded in the
 * message mark, else a new attempt from the decoded arguments (strict domain rules,
 * rewrite, one schema parse).
 */
export async function resolveCall<Context>(
  env: SealEnv<Context>,
  toolCall: ToolCallLike,
  mark: CallMark | undefined,
  thread: string,
  context: Context,
): Promise<ResolvedCall> {
  const entry = env.cache.take(thread, toolCall.id);
  const sealed = env.tools.get(toolCall.name);
  if (!sealed) {
    if (env.passthrough.has(toolCall.name)) return { kind: 'passthrough' };
    return {
      kind: 'blocked',
      details: { status: 'unknown_tool', tool: toolCall.name, reason: 'the tool is not sealed' },
    };
  }
  if (entry?.kind === 'invalid' && entry.tool === toolCall.name) {
    return { kind: 'blocked', details: invalidDetails(toolCall.name, entry.error) };
  }
  if (
    entry?.kind === 'prepared' &&
    entry.call.tool.name === toolCall.name &&
    sameArgs(toolCall.args, entry.call.argsCanonicalJson)
  ) {
    return { kind: 'prepared', call: entry.call, ...(entry.auth ? { auth: entry.auth } : {}) };
  }
  if (mark?.status === 'invalid') {
    return {
      kind: 'blocked',
      details: {
        status: 'invalid',
        tool: toolCall.name,
        code: mark.code,
        ...(mark.stage !== undefined ? { stage: mark.stage } : {}),
        ...(mark.path !== undefined ? { path: mark.path } : {}),
      },
    };
  }
  const decoded = { decoded: toolCall.args, provenance: 'decoded_only' } as const;
  const prepared = await env.authorizer.prepare(sealed.argsealBinding.argsealTool, decoded, {
    allowDecodedOnly: true, // legacy decoded path until the rebuild on @argseal/core/kit
    toolCallId: toolCall.id,
    context,
  });
  if (!prepared.ok) {
    return { kind: 'blocked', details: invalidDetails(toolCall.name, prepared.error) };
  }
  const resumeOf =
    mark?.status === 'prepared' && mark.proposalHash !== prepared.call.proposalHash
      ? mark.proposalHash
      : undefined;
  return { kind: 'prepared', call: prepared.call, ...(resumeOf ? { resumeOf } : {}) };
}
