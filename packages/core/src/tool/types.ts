import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ApprovalGrant } from '../approvals/types.js';
import type { ToolPolicy } from '../policy/types.js';
import type { CompiledPresentation } from '../presentation/compile-presentation.js';
import type { ToolPresentation } from '../presentation/types.js';

/** What a sealed tool's `execute` receives besides its (fresh, private) input. */
export interface ToolExecutionContext<Context = unknown> {
  agent: string;
  toolCallId: string;
  proposalHash: string;
  argsCanonicalJson: string;
  context: Context;
  /** The grant consumed for this execution, when an approval was required. */
  grant?: ApprovalGrant;
  signal?: AbortSignal;
  /**
   * The framework's own execution options, as the adapter passed them (`CallOptions.host`):
   * AI SDK `ToolExecutionOptions`, LangChain `config`, ... `undefined` outside a framework.
   */
  host?: unknown;
}

/** Definition accepted by {@link defineTool}. */
export interface ToolDefinition<Input, Output, Context = unknown> {
  name: string;
  description?: string;
  /** Any Standard Schema v1 validator (zod 4, valibot, arktype...). Parsed exactly once per attempt. */
  schema: StandardSchemaV1<unknown, Input>;
  execute: (input: Input, ctx: ToolExecutionContext<Context>) => Output | Promise<Output>;
  /**
   * JSON Pointers of fields that do not change what the call does (a memo, a trace id).
   * Approvals bind to a hash over the other fields plus `classificationVersion`.
   * Default: none, every field is material.
   */
  informationalFields?: readonly string[];
  /** Required when `informationalFields` is non-empty; bump it when the list changes. */
  classificationVersion?: string;
  /** How the approval console shows a call (title, summary, field labels and formats). Never hashed. */
  presentation?: ToolPresentation<Context>;
  /**
   * This tool's own policy, asked after the authorizer's on every attempt (same input: the
   * frozen snapshot, the server context). It can only tighten: both must allow for the
   * call to run, and the stricter decision wins (deny > require_approval > allow; two
   * approvals ask as much as both). A deny by the authorizer's policy is final (this one
   * is not asked). Throwing or returning garbage denies, as for any policy
   * (`policy_error`, `invalid_policy_decision`; the error goes to `onPolicyError`).
   */
  policy?: ToolPolicy<Context>;
}

/** A tool sealed by argseal. Create with {@link defineTool}. */
export interface ArgsealTool<Input = any, Output = unknown, Context = any> {
  readonly kind: 'argseal.tool';
  readonly name: string;
  readonly description: string | undefined;
  readonly schema: StandardSchemaV1<unknown, Input>;
  readonly execute: (input: Input, ctx: ToolExecutionContext<Context>) => Output | Promise<Output>;
  readonly informationalFields: readonly string[];
  readonly classificationVersion: string | undefined;
  /** The checked `presentation`, when declared. */
  readonly presentation?: CompiledPresentation<Context> | undefined;
  /** The tool's own policy, when declared (see {@link ToolDefinition.policy}). */
  readonly policy?: ToolPolicy<Context> | undefined;
}
