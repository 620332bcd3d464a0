import type { JsonObject } from '@argseal/core';
import { type McpRefusalCode, toMcpRefusalCode } from '../refusal-code.js';
import { describeReason } from '../seal/reason-messages.js';

/** Where in the pipeline a call was refused. */
export type RefusalStage =
  | 'message'
  | 'decode'
  | 'rewrite'
  | 'schema'
  | 'snapshot'
  | 'definition'
  | 'policy'
  | 'approval'
  | 'upstream'
  | 'execute'
  | 'internal';

/** A payload-free refusal of one `tools/call`. */
export interface CallRefusal {
  /** Why: a closed {@link McpRefusalCode} (an unknown one is sent as `unrecognized_code`). */
  code: McpRefusalCode;
  stage: RefusalStage;
  tool: string;
  /** JSON Pointer of the offending value, for decode/schema/snapshot refusals. */
  path?: string;
  /** For `approval_required`: the proposal an approver must decide. */
  proposalId?: string;
  proposalHash?: string;
  /** Policy reason (a stable reason code chosen by the policy author). */
  reason?: string;
  /** For `definition_not_approved`: the pending definition's id an approver must decide. */
  definitionId?: string;
}

/** Key of argseal's refusal details in a result's `_meta`. */
export const REFUSAL_META_KEY = 'argseal/refusal';

function describe(r: CallRefusal, code: McpRefusalCode): string {
  const sentence = r.reason !== undefined ? describeReason(r.reason) : undefined;
  if (code === 'approval_required') {
    return (
      `argseal: approval required for tool "${r.tool}" (proposal ${r.proposalId}, hash ` +
      `${r.proposalHash}).${sentence ? ` ${sentence}` : ''} Ask an approver to approve it ` +
      `(\`argseal approve --mcp ${r.proposalId}\` or the argseal console), then retry the ` +
      'identical call: it runs once.'
    );
  }
  if (code === 'definition_not_approved') {
    const id = r.definitionId !== undefined ? ` (definition ${r.definitionId})` : '';
    return (
      `argseal: tool "${r.tool}" is withheld: its definition is new or changed since it was ` +
      `approved and waits for an approver${id}. Approve it with \`argseal approve --mcp` +
      `${r.definitionId !== undefined ? ` ${r.definitionId}` : ''}\` or in the argseal console, ` +
      'then list the tools again. Nothing was executed.'
    );
  }
  const at = r.path !== undefined && r.path !== '' ? ` at ${r.path}` : '';
  const why = r.reason !== undefined ? ` (${r.reason}${sentence ? `: ${sentence}` : ''})` : '';
  return `argseal refused tool "${r.tool}": ${r.stage}/${code}${at}${why}. Nothing was executed.`;
}

/**
 * The MCP tool error result a refusal answers with: `isError: true`, one text block that
 * names tool, stage and code (never an argument value), and the same fields under
 * `_meta["argseal/refusal"]` for programs.
 */
export function refusalResult(r: CallRefusal): JsonObject {
  const code = toMcpRefusalCode(r.code);
  const meta: JsonObject = { code, stage: r.stage, tool: r.tool };
  for (const key of ['path', 'proposalId', 'proposalHash', 'reason', 'definitionId'] as const) {
    const value = r[key];
    if (value !== undefined) meta[key] = value;
  }
  return {
    content: [{ type: 'text', text: describe(r, code) }],
    isError: true,
    _meta: { [REFUSAL_META_KEY]: meta },
  };
}
