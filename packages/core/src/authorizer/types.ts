import type { ApprovalGrant, ApprovalStore, SuspendedToolProposal } from '../approvals/types.js';
import type { AuditSink } from '../audit/types.js';
import type { ToolArgumentsValidationError } from '../errors.js';
import type { Sha256Hex } from '../hash.js';
import type { JsonValue, ReadonlyJsonValue } from '../json/types.js';
import type { PolicyDecision, PolicyMode, ToolPolicy } from '../policy/types.js';
import type { ArgsealTool } from '../tool/types.js';

/** Input of a rewrite hook: a private decoded copy of the current request. */
export interface RewriteInput<Context = unknown> {
  agent: string;
  tool: string;
  toolCallId: string;
  arguments: JsonValue;
  context: Context;
}

/**
 * Runs before the call's identity exists. Return replacement arguments, or
 * `undefined` to keep them. The result goes through schema and snapshot like any request.
 */
export interface RewriteHook<Context = unknown> {
  (input: RewriteInput<Context>): JsonValue | undefined | Promise<JsonValue | undefined>;
  /**
   * Set by hooks that remove data (redaction): when such a hook changes the request, the
   * original is kept out of audit records, proposals and outcomes (`originalArguments`
   * is omitted). It stays in memory only, in the prepared call.
   */
  readonly omitOriginal?: boolean;
}

/**
 * Options of {@link createAuthorizer}. `Context` is the type of the application-owned
 * server context passed per call and handed to policies and tools.
 */
export interface AuthorizerOptions<Context = unknown> {
  /** Name of the agent; part of every proposal hash. Non-empty, well-formed string. */
  agent: string;
  /** Required. A missing policy is a configuration error (closed by default). */
  policy: ToolPolicy<Context>;
  /** Where approvals wait. Without one, `require_approval` denies. */
  approvals?: ApprovalStore;
  /** Receives every pipeline event (proposed, decided, executed, ...). */
  audit?: AuditSink;
  /** `enforce` (default) blocks as the policy decides; `shadow` records and executes anyway. */
  mode?: PolicyMode;
  /** Hooks that may replace the arguments before the call's identity is computed, in order. */
  rewrite?: readonly RewriteHook<Context>[];
  /** Limits for parseStrictJson / createSnapshot. */
  maxDepth?: number;
  maxLength?: number;
  /** Clock for `createdAt`; defaults to `() => new Date()`. */
  now?: () => Date;
  /** Id generator for proposals; defaults to `crypto.randomUUID()`. */
  generateId?: () => string;
  /**
   * SHA-256 implementation for proposal and binding hashes. Default: Web Crypto. On Node,
   * `(t) => createHash('sha256').update(t).digest('hex')` skips the thread-pool hop of
   * `crypto.subtle` (hashes are identical; the format is fixed by argseal).
   */
  sha256?: Sha256Hex;
  /**
   * Keep each schema issue's message in `ToolArgumentsValidationError.issues`. Default
   * `false` (closed): some validators quote the received value in their messages (valibot's
   * `received "..."`), and errors must not carry argument payloads. zod 4's built-in
   * messages describe only the expected type; custom messages are yours to check.
   */
  schemaIssueMessages?: boolean;
}

/** Per-call options of the {@link Authorizer} methods. */
export interface CallOptions<Context = unknown> {
  /** The provider's id for this call; generated when absent. */
  toolCallId?: string;
  /** Application-owned server context (identity, scope) for policies and the tool. */
  context?: Context;
  /** Passed to the tool's `execute`. */
  signal?: AbortSignal;
  /** Set by adapters on resume: the proposal hash the caller believes was approved. */
  resumeOf?: string;
}

/** A call prepared up to its proposal hash. Immutable; no policy has run. */
export interface PreparedToolCall {
  readonly tool: ArgsealTool;
  readonly agent: string;
  readonly toolCallId: string;
  readonly rawArguments: string | undefined;
  /** Canonical JSON of the request before rewrite. */
  readonly requestedCanonicalJson: string;
  /**
   * Canonical JSON of the effective request: after rewrite, before schema. This is what
   * adapters write into framework history, so a resume re-prepares the same call.
   */
  readonly effectiveCanonicalJson: string;
  readonly rewritten: boolean;
  /** Canonical JSON of the original request, when a rewrite changed it. */
  readonly originalArguments: string | undefined;
  /** Deep-frozen schema output. */
  readonly snapshot: ReadonlyJsonValue;
  readonly argsCanonicalJson: string;
  readonly proposalHash: string;
  readonly bindingHash: string;
}

/**
 * Result of {@link Authorizer.prepare}: the prepared call, or the validation error
 * (stage `decode`, `rewrite`, `schema` or `snapshot`) when the arguments were rejected.
 */
export type PrepareResult =
  | { ok: true; call: PreparedToolCall }
  | { ok: false; error: ToolArgumentsValidationError };

/**
 * Result of `check`: policy plus a non-consuming look at the approval store.
 * `approved` means a live grant exists now; `authorize` still has to consume it.
 */
export type CheckResult =
  | { type: 'allow'; decision: PolicyDecision; shadow?: PolicyDecision }
  | { type: 'deny'; reason: string; decision?: PolicyDecision }
  | { type: 'approved'; grant: ApprovalGrant; decision: PolicyDecision }
  | { type: 'suspended'; proposal: SuspendedToolProposal; decision: PolicyDecision };

/** Result of running policy and approval binding on a prepared call. */
export type AuthorizationResult =
  | { type: 'allow'; decision: PolicyDecision; grant?: ApprovalGrant; shadow?: PolicyDecision }
  | { type: 'deny'; reason: string; decision?: PolicyDecision }
  | { type: 'suspended'; proposal: SuspendedToolProposal; decision: PolicyDecision };

interface OutcomeBase {
  tool: string;
  toolCallId: string;
}

/**
 * What happened to one call attempt: `executed` (with the tool's result), `denied` by policy
 * or approval, `suspended` waiting for a human, `invalid` arguments (nothing ran), or
 * `failed` when the tool itself threw (`error` is what it threw).
 */
export type CallOutcome<Output = unknown> =
  | (OutcomeBase & {
      status: 'executed';
      result: Output;
      proposalHash: string;
      argsCanonicalJson: string;
      rewritten: boolean;
      originalArguments: string | undefined;
      grant?: ApprovalGrant;
    })
  | (OutcomeBase & {
      status: 'denied';
      reason: string;
      proposalHash: string;
      argsCanonicalJson: string;
    })
  | (OutcomeBase & { status: 'suspended'; proposal: SuspendedToolProposal })
  | (OutcomeBase & { status: 'invalid'; error: ToolArgumentsValidationError })
  | (OutcomeBase & {
      status: 'failed';
      error: unknown;
      proposalHash: string;
      argsCanonicalJson: string;
    });

/**
 * The lifecycle every adapter reuses, created by {@link createAuthorizer}. One attempt is
 * `prepare` → `check`/`authorize` → `execute`; `run` and `call` combine the steps.
 */
export interface Authorizer<Context = unknown> {
  readonly agent: string;
  readonly mode: PolicyMode;
  readonly approvals: ApprovalStore | undefined;
  readonly audit: AuditSink | undefined;
  /** Decode, rewrite, schema, snapshot, canonicalize, hash. No policy. */
  prepare(
    tool: ArgsealTool,
    rawArguments: string | unknown,
    options?: CallOptions<Context>,
  ): Promise<PrepareResult>;
  /**
   * Policy, then a non-consuming look at the approval store; suspends when an approval is
   * required and no live grant exists. For approval gates that run before execution. A
   * later `authorize` of the same call object reuses this policy decision (policy runs
   * once per attempt) and consumes the grant atomically.
   */
  check(call: PreparedToolCall, options?: CallOptions<Context>): Promise<CheckResult>;
  /** Policy, then approval binding. Suspends when an approval is required and none matches. */
  authorize(call: PreparedToolCall, options?: CallOptions<Context>): Promise<AuthorizationResult>;
  /** Runs the tool on a fresh decoded copy. Call only after `authorize` allowed it. */
  execute<Output>(
    call: PreparedToolCall,
    authorization: Extract<AuthorizationResult, { type: 'allow' }>,
    options?: CallOptions<Context>,
  ): Promise<CallOutcome<Output>>;
  /** authorize + execute on a prepared call. */
  run<Output>(call: PreparedToolCall, options?: CallOptions<Context>): Promise<CallOutcome<Output>>;
  /** The whole pipeline for one attempt. */
  call<Output>(
    tool: ArgsealTool<any, Output>,
    rawArguments: string | unknown,
    options?: CallOptions<Context>,
  ): Promise<CallOutcome<Output>>;
}
