import { ToolArgumentsValidationError } from '../../errors.js';
import { canonicalize, decodeCanonical } from '../../json/canonicalize.js';
import { createSnapshot } from '../../json/snapshot.js';
import type { RewriteHook } from '../types.js';

/** The effective request after the rewrite stage. */
export interface Rewritten {
  /** Canonical text of the effective request (`undefined` only when nothing was decoded to text). */
  effectiveCanonicalJson: string | undefined;
  rewritten: boolean;
  /** The requested text, when a hook changed it and no hook that changed it omits originals. */
  originalArguments: string | undefined;
}

/** The call as rewrite hooks see it (`arguments` aside). */
export interface RewriteCall {
  agent: string;
  tool: string;
  toolCallId: string;
  context: unknown;
  maxDepth: number | undefined;
}

/** The effective request when the authorizer has no rewrite hooks: the request itself. */
export function unchanged(requested: string | undefined): Rewritten {
  return { effectiveCanonicalJson: requested, rewritten: false, originalArguments: undefined };
}

/**
 * Stage `rewrite`, before the call's identity exists: each hook, in order, gets a private
 * decoded copy of the current request and may return replacement arguments, which must
 * pass the strict domain. A hook that throws refuses the call `rewrite_failed`.
 * `requested` is the request's canonical text (hooks imply it was built eagerly).
 */
export async function rewrite(
  hooks: readonly RewriteHook<any>[],
  call: RewriteCall,
  requested: string,
): Promise<Rewritten> {
  let effective = requested;
  let omitOriginal = false;
  for (const hook of hooks) {
    let out: unknown;
    try {
      out = await hook({
        agent: call.agent,
        tool: call.tool,
        toolCallId: call.toolCallId,
        arguments: decodeCanonical(effective),
        context: call.context,
      });
    } catch {
      throw new ToolArgumentsValidationError({
        stage: 'rewrite',
        code: 'rewrite_failed',
        path: '',
        tool: call.tool,
      });
    }
    if (out !== undefined) {
      const limits = { maxDepth: call.maxDepth, tool: call.tool, stage: 'rewrite' as const };
      effective = canonicalize(createSnapshot(out, limits));
      if (hook.omitOriginal === true) omitOriginal = true;
    }
  }
  const rewritten = effective !== requested;
  return {
    effectiveCanonicalJson: effective,
    rewritten,
    originalArguments: rewritten && !omitOriginal ? requested : undefined,
  };
}
