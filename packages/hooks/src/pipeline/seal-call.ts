import { createHash } from 'node:crypto';
import {
  type ApprovalStore,
  type AuditSink,
  createAuthorizer,
  defineTool,
  type JsonObject,
  type RewriteHook,
  type ToolPolicy,
} from '@argseal/core';
import { decodeCanonical, decodedOnly, rawText } from '@argseal/core/data';
import type { HookCall, HookContext } from '../host/hook-input.js';
import { MAX_INPUT_BYTES } from '../host/read-text.js';
import {
  contextOfEnvelope,
  envelopeText,
  innerOf,
  type MaterialContextKey,
  materialOf,
  onInner,
  rewriteInner,
} from './material-context.js';
import { objectSchema } from './object-schema.js';

/** What the pipeline decided for one host call. */
export type SealVerdict =
  | {
      type: 'allow';
      /** Decoded canonical effective arguments: what was hashed, and what the host must run. */
      input: JsonObject;
      proposalHash: string;
      rewritten: boolean;
      /** The proposal whose approval this run consumed. */
      approvedProposalId?: string;
    }
  | { type: 'deny'; reason: string; proposalHash: string }
  | { type: 'approval_required'; proposalId: string; proposalHash: string; reason: string }
  | { type: 'invalid'; stage: string; code: string; path: string };

/** Settings of {@link createSealer}. */
export interface SealerOptions {
  agent: string;
  policy: ToolPolicy<HookContext>;
  approvals?: ApprovalStore;
  audit?: AuditSink;
  rewrite?: readonly RewriteHook<HookContext>[];
  /** Context fields hashed with the arguments (see `materialContext` in the config). */
  materialContext?: readonly MaterialContextKey[];
}

/** Runs one host call through core's pipeline. */
export interface Sealer {
  seal(call: HookCall): Promise<SealVerdict>;
}

function failing(): never {
  throw new Error('argseal hooks never execute tools: the host does');
}

/** SHA-256 hex on node:crypto (synchronous; identical output to core's Web Crypto default). */
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The one module that talks to core's adapter kit. `prepare` gives an Attempt (decode the
 * host's text strictly, rewrite, snapshot, hash); `attempt.authorize()` runs policy once
 * and consumes a grant atomically when an approval is required. The attempt is never
 * executed here: on allow the host runs `input`, the decoded canonical arguments that were
 * hashed and decided.
 */
export function createSealer(options: SealerOptions): Sealer {
  const material = options.materialContext ?? [];
  const enveloped = material.length > 0;
  const rewrite = options.rewrite ?? [];
  const authorizer = createAuthorizer<HookContext>({
    agent: options.agent,
    policy: enveloped ? onInner(options.policy) : options.policy,
    approvals: options.approvals,
    audit: options.audit,
    rewrite: enveloped ? rewrite.map(rewriteInner) : rewrite,
    sha256,
    // host inputs (a Write of a large file) may exceed core's 1 MiB default
    maxLength: MAX_INPUT_BYTES,
  });
  /**
   * The hashed text: the tool input, or the envelope with the material context. A resume
   * from the permission prompt tool (which is not told the session) takes the context of
   * the hook's proposal for this very call; the user it checks itself.
   */
  async function identityText(call: HookCall): Promise<string> {
    if (!enveloped) return call.inputText;
    let ctx = materialOf(call.context, material);
    if (call.provenance === 'decoded_only' && options.approvals) {
      const ref = { agent: options.agent, tool: call.tool, toolCallId: call.toolCallId };
      const latest = await options.approvals.latestProposalForCall(ref);
      const recorded = latest && contextOfEnvelope(latest.argsCanonicalJson, decodeCanonical);
      if (recorded && (!material.includes('user') || recorded.user === call.context.user))
        ctx = recorded;
    }
    return envelopeText(call.inputText, ctx);
  }

  return {
    async seal(call) {
      const tool = defineTool({ name: call.tool, schema: objectSchema, execute: failing });
      const options = { toolCallId: call.toolCallId, context: call.context };
      const text = await identityText(call);
      // provider_text: the host's stdin text was decoded strictly as a whole (see README);
      // decoded_only: only as the resume of the proposal made for this very call
      const prepared =
        call.provenance === 'provider_text'
          ? await authorizer.prepare(tool, rawText(text), options)
          : await authorizer.prepare(tool, decodedOnly(decodeCanonical(text)), {
              ...options,
              resumeOf: true,
            });
      if (!prepared.ok) {
        const { stage, code, path } = prepared.refusal;
        return { type: 'invalid', stage, code, path: path ?? '' };
      }
      const p = prepared.attempt;
      const auth = await p.authorize();
      if (auth.type === 'allow') {
        return {
          type: 'allow',
          input: (enveloped
            ? innerOf(decodeCanonical(p.argsCanonicalJson))
            : decodeCanonical(p.argsCanonicalJson)) as JsonObject,
          proposalHash: p.proposalHash,
          rewritten: p.rewritten,
          ...(auth.grant ? { approvedProposalId: auth.grant.proposalId } : {}),
        };
      }
      if (auth.type === 'deny')
        return { type: 'deny', reason: auth.reason, proposalHash: p.proposalHash };
      return {
        type: 'approval_required',
        proposalId: auth.proposal.id,
        proposalHash: p.proposalHash,
        reason: auth.proposal.reason,
      };
    },
  };
}
