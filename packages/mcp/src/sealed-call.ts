// The one module that talks to core's pipeline: `authorizer.call` on the raw argument
// text (one private attempt per call), and the mapping of its outcomes and refusals.
import {
  type ApprovalStore,
  type ArgsealTool,
  type AuditSink,
  createAuthorizer,
  defineTool,
  type JsonValue,
  type ToolPolicy,
} from '@argseal/core';
import { type PolicyMode, type Refusal, rawText, toRefusal } from '@argseal/core/kit';
import type { McpCallContext } from './config-types.js';
import type { RpcMessage } from './json-rpc.js';
import { jsonSchemaStandard } from './json-schema-standard.js';
import type { CallRefusal, RefusalStage } from './refusal-result.js';

/** One approved upstream tool as the sealer runs it. */
export interface SealedToolSpec {
  /** Name in proposals and audit: `<server>/<tool>`. */
  qualifiedName: string;
  definitionHash: string;
  inputSchema: unknown;
  policy: ToolPolicy<McpCallContext>;
}

/** Calls the upstream with the fresh canonical copy of the arguments. */
export type Forward = (args: JsonValue) => Promise<RpcMessage>;

export type SealedOutcome =
  | { type: 'executed'; response: RpcMessage }
  | { type: 'refused'; refusal: CallRefusal }
  | { type: 'suspended'; proposalId: string; proposalHash: string; argsCanonicalJson: string };

/** Options of {@link createSealer}. */
export interface SealerOptions {
  agent: string;
  approvals?: ApprovalStore;
  audit?: AuditSink;
  mode?: PolicyMode;
  maxDepth?: number;
}

/** Thrown by the sealed tool's execute so the upstream's JSON-RPC error reaches the host as is. */
class UpstreamResponse extends Error {
  constructor(readonly response: RpcMessage) {
    super('upstream answered with an error');
  }
}

type SealedTool = ArgsealTool<unknown, RpcMessage, McpCallContext>;

/**
 * Runs one `tools/call` through core's pipeline (decode of the argument text, ajv schema
 * from the pinned inputSchema, snapshot, JCS, proposal hash, policy, approval binding) and
 * calls `forward` with the fresh decoded copy only when allowed.
 */
export function createSealer(options: SealerOptions) {
  /** The policy of each call's tool, by the call's own context object (set per call). */
  const policyOf = new WeakMap<McpCallContext, ToolPolicy<McpCallContext>>();
  /** Tools by spec object (the catalog keeps one per approved definition). */
  const bySpec = new WeakMap<SealedToolSpec, SealedTool>();
  /** Tools by name and definition hash, so a re-listed definition keeps its compiled schema. */
  const byDefinition = new Map<string, SealedTool>();
  let next = 0;
  // tool-call ids unique across restarts: a consumed call is never mistaken for a new one
  const session = globalThis.crypto.randomUUID().slice(0, 8);
  const authorizer = createAuthorizer<McpCallContext>({
    agent: options.agent,
    approvals: options.approvals,
    audit: options.audit,
    mode: options.mode,
    maxDepth: options.maxDepth,
    // no `sha256`: core's default on Node is node:crypto's one-shot digest (same hashes),
    // and without the option the audit sink is used as is, not wrapped per append
    policy: (input) => {
      const policy = policyOf.get(input.context);
      return policy ? policy(input) : { type: 'deny', reason: 'mcp_unknown_tool' };
    },
  });

  function toolFor(spec: SealedToolSpec): SealedTool {
    let tool = bySpec.get(spec);
    if (tool) return tool;
    const key = `${spec.qualifiedName}\n${spec.definitionHash}`;
    tool = byDefinition.get(key);
    if (!tool) {
      tool = defineTool<unknown, RpcMessage, McpCallContext>({
        name: spec.qualifiedName,
        schema: jsonSchemaStandard(spec.qualifiedName, spec.inputSchema),
        async execute(input, ctx) {
          const forward = ctx.host as Forward | undefined;
          if (typeof forward !== 'function') throw new Error('no forward for this call');
          const response = await forward(input as JsonValue);
          if (response.error !== undefined) throw new UpstreamResponse(response);
          return response;
        },
      });
      byDefinition.set(key, tool);
    }
    bySpec.set(spec, tool);
    return tool;
  }

  async function run(
    spec: SealedToolSpec,
    argumentsText: string,
    context: McpCallContext,
    forward: Forward,
  ): Promise<SealedOutcome> {
    const tool = toolFor(spec);
    policyOf.set(context, spec.policy);
    next += 1;
    const refused = (r: Refusal): SealedOutcome => {
      const refusal: CallRefusal = {
        code: r.code,
        stage: r.stage as RefusalStage,
        tool: spec.qualifiedName,
      };
      if (r.path !== undefined) refusal.path = r.path;
      if (r.reason !== undefined) refusal.reason = r.reason;
      return { type: 'refused', refusal };
    };
    try {
      // the message text was strictly decoded by the host transport: provider_text grade
      const outcome = await authorizer.call(tool, rawText(argumentsText), {
        toolCallId: `mcp-${session}-${next}`,
        context,
        host: forward,
      });
      if (outcome.status === 'executed')
        return { type: 'executed', response: outcome.result as RpcMessage };
      if (outcome.status === 'suspended') {
        return {
          type: 'suspended',
          proposalId: outcome.proposal.id,
          proposalHash: outcome.proposal.proposalHash,
          argsCanonicalJson: outcome.proposal.argsCanonicalJson,
        };
      }
      if (outcome.status === 'failed' && outcome.error instanceof UpstreamResponse) {
        return { type: 'executed', response: outcome.error.response };
      }
      return refused(toRefusal(outcome));
    } catch (error) {
      return refused(toRefusal(error));
    }
  }

  return { run, approvals: options.approvals };
}

/** What {@link createSealer} returns. */
export type Sealer = ReturnType<typeof createSealer>;
