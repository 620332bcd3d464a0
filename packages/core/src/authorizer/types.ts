import type { ApprovalGrant, ApprovalStore, SuspendedToolProposal } from '../approvals/types.js';
import type { AuditSink } from '../audit/types.js';
import type { ToolArgumentsValidationError } from '../errors.js';
import type { Sha256Hex } from '../hash.js';
import type { JsonValue, ReadonlyJsonValue } from '../json/types.js';
import type { ProvenanceRegistry } from '../kit/provenance-registry.js';
import type { Refusal } from '../kit/refusal.js';
import type { PolicyDecision, PolicyMode, ToolPolicy } from '../policy/types.js';
import type { ArgsealTool } from '../tool/types.js';
import type { AuthorizerTelemetry } from './telemetry.js';

/**
 * Where an attempt's raw argument text came from: the provider's own argument string
 * (`provider_text`), a provider response body checked by argseal's strict fetch guard
 * (`checked_transport`), or nowhere: only a decoded object was available
 * (`decoded_only`; duplicate keys and rounded integers can no longer be detected).
 */
export type ArgumentsProvenance = 'provider_text' | 'checked_transport' | 'decoded_only';

/**
 * What `prepare` reads. A string is raw provider text. `{ raw, provenance }` is raw text
 * with its provenance; `{ decoded, provenance: 'decoded_only' }` (or any other object) is a
 * value some framework already decoded: refused with `raw_text_unavailable` unless the
 * strict fetch guard checked its text, it is a resume, or `allowDecodedOnly` is set.
 * Wrap decoded values you did not build yourself: an object with exactly the keys `raw`
 * and `provenance` is read as raw text.
 */
export type PrepareInput =
  | string
  | { raw: string; provenance: 'provider_text' | 'checked_transport' }
  | { decoded: unknown; provenance: 'decoded_only' };

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
  /**
   * Where approvals wait. Omitted: an in-memory store (not durable; a one-time warning on
   * stderr says so). `null`: no store, so `require_approval` denies
   * (`approval_store_missing`). For many processes use a shared store (`@argseal/postgres`).
   */
  approvals?: ApprovalStore | null;
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
   * SHA-256 implementation for every hash of the pipeline: proposal and binding hashes,
   * and the audit records (passed to `audit.append`, which the memory log uses unless it
   * has its own). Default: the runtime's, chosen by export condition: node:crypto's
   * synchronous digest on Node, Web Crypto elsewhere. Hashes are identical either way
   * (the format is fixed by argseal).
   */
  sha256?: Sha256Hex;
  /**
   * Keep each schema issue's message in `ToolArgumentsValidationError.issues`. Default
   * `false` (closed): some validators quote the received value in their messages (valibot's
   * `received "..."`), and errors must not carry argument payloads. zod 4's built-in
   * messages describe only the expected type; custom messages are yours to check.
   */
  schemaIssueMessages?: boolean;
  /**
   * Where the strict fetch guard records checked argument texts; `prepare` accepts a
   * decoded object whose canonical text is in it (`checked_transport`). Default: the
   * shared `defaultProvenanceRegistry` of `@argseal/core`.
   */
  provenance?: ProvenanceRegistry;
  /**
   * Optional OpenTelemetry: your `@opentelemetry/api` tracer (and meter). Spans per stage
   * (decode, rewrite, schema, snapshot, policy, approval, execute), around store calls
   * and audit appends, and `argseal.call`; attributes never carry argument values.
   * argseal does not import `@opentelemetry/api`. Without it, nothing is traced and no
   * per-call work is done for telemetry.
   */
  telemetry?: AuthorizerTelemetry;
  /**
   * Called with what a policy threw (or the rejection of its promise) when a call is denied
   * `policy_error`, so the developer can see it. The error goes only here: never into audit
   * events, outcomes or refusals (it may quote arguments). What this hook throws or returns
   * is ignored; the call stays denied `policy_error`.
   */
  onPolicyError?: (error: unknown, call: PolicyErrorCall) => void;
}

/** Which call's policy threw, as given to {@link AuthorizerOptions.onPolicyError}. */
export interface PolicyErrorCall {
  agent: string;
  tool: string;
  toolCallId: string;
  proposalHash: string;
}

/** Per-call options of the {@link Authorizer} methods. */
export interface CallOptions<Context = unknown> {
  /** The provider's id for this call; generated when absent. */
  toolCallId?: string;
  /** Application-owned server context (identity, scope) for policies and the tool. */
  context?: Context;
  /** Passed to the tool's `execute`. */
  signal?: AbortSignal;
  /**
   * Set by adapters on resume: the proposal hash the caller believes was approved, or
   * `true` to use the latest proposal the store holds for this agent, tool and call id.
   * A resume whose arguments hash differently is audited as `approval_mismatched`, and its
   * new proposal `supersedes` the old one. A resume re-prepares from framework history
   * (which carries `historyArguments`), so a decoded input is accepted on resume.
   */
  resumeOf?: string | true;
  /**
   * The framework's own execution options (AI SDK `ToolExecutionOptions`, a LangChain
   * `config`, an Agents `RunContext`), handed to the tool's `execute` as `ctx.host`.
   */
  host?: unknown;
  /**
   * Explicit opt-out: accept a decoded object without raw text (`decoded_only`). Without
   * it such a call is refused with `raw_text_unavailable`. The attempt and its audit
   * records are marked `decoded_only`.
   */
  allowDecodedOnly?: boolean;
  /** For an edit: the id of the proposal this call replaces (recorded on its proposal). */
  supersedes?: string;
}

/** Options of `Attempt.execute` / `Attempt.run`, known only when the framework executes. */
export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Overrides `CallOptions.host` for this execution. */
  host?: unknown;
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
 * One execution attempt, returned by {@link Authorizer.prepare}: the prepared call plus
 * its lifecycle. Policy runs once per attempt (`check` and `authorize` share it), the
 * grant is consumed by `authorize` (call it right before executing), and `execute` runs
 * once, only after `authorize` allowed it. No other object is needed or accepted.
 */
export interface Attempt extends PreparedToolCall {
  readonly provenance: ArgumentsProvenance;
  /**
   * What the framework's history must carry for this call: the canonical text of the
   * effective request (after rewrite, before schema). Re-preparing it (a resume)
   * reproduces the same proposal hash, also when the schema transforms its input.
   */
  readonly historyArguments: string;
  /** The proposal hash this attempt resumes, when it is a resume. */
  readonly resumeOf: string | undefined;
  /** The proposal id a suspension of this attempt supersedes (an edit, a changed resume). */
  readonly supersedes: string | undefined;
  /** Policy (once) and a non-consuming look at the approval store. */
  check(): Promise<CheckResult>;
  /** Policy (reused from `check`), then approval binding: consumes the grant atomically. */
  authorize(): Promise<AuthorizationResult>;
  /**
   * Runs the tool on a fresh decoded copy, once, after `authorize` allowed it.
   *
   * @throws {ArgsealConfigError} `not_authorized` before an allowing `authorize`,
   *   `attempt_spent` on a second call.
   */
  execute<Output = unknown>(options?: ExecuteOptions): Promise<CallOutcome<Output>>;
  /** `authorize`, then `execute` when allowed. */
  run<Output = unknown>(options?: ExecuteOptions): Promise<CallOutcome<Output>>;
  /**
   * A new attempt over the same prepared call (no decode, rewrite or schema again) whose
   * policy, approval and execution see `context`: for frameworks whose model seam, where
   * the call is prepared, has no run context (OpenAI Agents). Its lifecycle is its own
   * (policy once, grant consumed atomically by its `authorize`).
   */
  withContext(context: unknown): Attempt;
}

/**
 * Result of {@link Authorizer.prepare}: the attempt, or the refusal when the arguments
 * were rejected (stage `decode`, `rewrite`, `schema` or `snapshot`). `call` and `error`
 * are the same attempt / the validation error, kept for older adapters.
 */
export type PrepareResult =
  | { ok: true; attempt: Attempt /** @deprecated use `attempt` */; call: Attempt }
  | {
      ok: false;
      refusal: Refusal;
      /** @deprecated use `refusal` */
      error: ToolArgumentsValidationError;
    };

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
  /** Decode, rewrite, schema, snapshot, canonicalize, hash. No policy. Returns an {@link Attempt}. */
  prepare(
    tool: ArgsealTool,
    input: PrepareInput | unknown,
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
