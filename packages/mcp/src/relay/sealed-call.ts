// The one module that talks to core's pipeline: `authorizer.call` on the raw argument
// text (one private attempt per call), and the mapping of its outcomes and refusals.
import {
  type ApprovalStore,
  type ArgsealTool,
  type AuditSink,
  type Authorizer,
  createAuthorizer,
  defineTool,
  type JsonValue,
} from '@argseal/core';
import type { PolicyMode } from '@argseal/core/data';
import { type Refusal, toRefusal } from '@argseal/core/kit';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { McpCallContext } from '../config/config-types.js';
import { jsonSchemaStandard } from '../seal/json-schema-standard.js';
import type { SealedToolSpec } from '../seal/sealed-tool-spec.js';
import type { RpcMessage } from '../transport/json-rpc.js';
import type { CallRefusal, RefusalStage } from './refusal-result.js';
import type { McpToolCall } from './tool-call.js';

export type SealedOutcome =
  | { type: 'executed'; response: RpcMessage }
  | { type: 'refused'; refusal: CallRefusal }
  | {
      type: 'suspended';
      proposalId: string;
      proposalHash: string;
      argsCanonicalJson: string;
      reason: string;
    };

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

/** Longest upstream error text kept in an audit record. */
const MAX_UPSTREAM_ERROR = 1000;

/**
 * The upstream's refusal of a call that ran, as text: a JSON-RPC error's message, or the
 * text of a tool result with `isError: true`; undefined when the upstream did not refuse.
 */
function upstreamRefusal(response: RpcMessage): string | undefined {
  let text: string | undefined;
  if (response.error !== undefined) text = response.error.message;
  else if (response.result?.isError === true) {
    const content = response.result.content;
    text = Array.isArray(content)
      ? content
          .map((c) =>
            typeof c === 'object' && c !== null && !Array.isArray(c) && typeof c.text === 'string'
              ? c.text
              : '',
          )
          .join('\n')
      : '';
  }
  return text === undefined ? undefined : text.slice(0, MAX_UPSTREAM_ERROR);
}

/** What the sealer keeps per pinned definition: its compiled schema and its policy's authorizer. */
interface Compiled {
  schema: StandardSchemaV1<unknown, unknown>;
  authorizer: Authorizer<McpCallContext>;
}

/**
 * Runs one `tools/call` through core's pipeline (decode of the argument text, ajv schema
 * from the pinned inputSchema, snapshot, JCS, proposal hash, policy, approval binding). The
 * tool of each call executes that call (`McpToolCall.execute`) with the fresh decoded copy,
 * only when allowed; each pinned definition has its own authorizer with its own policy.
 */
export function createSealer(options: SealerOptions) {
  /** By name and definition hash, so a re-listed definition keeps its compiled schema. */
  const byDefinition = new Map<string, Compiled>();
  let next = 0;
  // tool-call ids unique across restarts: a consumed call is never mistaken for a new one
  const session = globalThis.crypto.randomUUID().slice(0, 8);

  function compiled(spec: SealedToolSpec): Compiled {
    const key = `${spec.qualifiedName}\n${spec.definitionHash}`;
    let c = byDefinition.get(key);
    if (!c) {
      c = {
        schema: jsonSchemaStandard(spec.qualifiedName, spec.inputSchema),
        authorizer: createAuthorizer<McpCallContext>({
          agent: options.agent,
          approvals: options.approvals,
          audit: options.audit,
          mode: options.mode,
          maxDepth: options.maxDepth,
          // no `sha256`: core's default on Node is node:crypto's one-shot digest (same
          // hashes), and without the option the audit sink is used as is
          policy: spec.policy,
        }),
      };
      byDefinition.set(key, c);
    }
    return c;
  }

  async function run(spec: SealedToolSpec, call: McpToolCall): Promise<SealedOutcome> {
    const { schema, authorizer } = compiled(spec);
    const tool: ArgsealTool<unknown, RpcMessage, McpCallContext> = defineTool({
      name: spec.qualifiedName,
      schema,
      async execute(input, ctx) {
        const spent = ctx.grant?.proposalId;
        const response = await call.execute(input as JsonValue, spent);
        const refusedText = upstreamRefusal(response);
        if (refusedText !== undefined && spent !== undefined) {
          // the grant is used up by a call the upstream refused: on the record, with its error
          await options.audit
            ?.append({
              type: 'failed',
              agent: options.agent,
              tool: spec.qualifiedName,
              toolCallId: ctx.toolCallId,
              proposalHash: ctx.proposalHash,
              proposalId: spent,
              error: { stage: 'upstream', code: 'upstream_refused' },
              data: { upstreamError: refusedText, grantSpent: true },
            })
            .catch(() => undefined);
        }
        if (response.error !== undefined) throw new UpstreamResponse(response);
        return response;
      },
    });
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
      // (a string is raw provider text to core, as `rawText(text)` says, without the wrapper
      // object core would take apart again on every call)
      const outcome = await authorizer.call(tool, call.argumentsText ?? '', {
        toolCallId: `mcp-${session}-${next}`,
        context: call.context,
      });
      if (outcome.status === 'executed')
        return { type: 'executed', response: outcome.result as RpcMessage };
      if (outcome.status === 'suspended') {
        return {
          type: 'suspended',
          proposalId: outcome.proposal.id,
          proposalHash: outcome.proposal.proposalHash,
          argsCanonicalJson: outcome.proposal.argsCanonicalJson,
          reason: outcome.proposal.reason,
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
