/**
 * The harness interface every framework adapter implements to run the shared
 * adapter conformance suite (`describeAdapterContract`). Framework-neutral: the
 * suite never imports a framework. STABLE: the AI SDK, OpenAI Agents and LangChain
 * adapters implement it; change it only additively.
 *
 * Model of one test:
 *   1. The suite builds an `Authorizer` (policy, approval store, audit sink, optional
 *      rewrite hook) and argseal tools (`defineTool`) that record their executions.
 *   2. It asks the harness for a session wired to that authorizer and those tools.
 *   3. `session.run(turn)`: the harness's scripted model proposes the given tool calls,
 *      carrying `rawArguments` byte for byte as the provider's argument text, in its
 *      first model turn; every later model turn answers with plain text (no tool calls).
 *      The framework runs until it completes or pauses for approval.
 *   4. The suite decides approvals directly in the store (`approvals.decide`).
 *   5. `session.resume()` continues the paused run with the framework's own "approved"
 *      signal for every call that was paused (AI SDK: `tool-approval-response` with
 *      `approved: true`; OpenAI Agents: `state.approve(item)`; LangChain:
 *      `Command({ resume: { decisions: [{ type: 'approve' }] } })`). That signal is a
 *      CLIENT CLAIM: the adapter must execute only when the store holds a live grant.
 *   6. The suite reads what the framework recorded (`historyArguments`, `modelResult`)
 *      and, itself, the executions (tools), the store and the audit log.
 */
import type { ApprovalStore, ArgsealTool, AuditSink, Authorizer } from '@argseal/core';

/** JSON data as the suite passes it around (decoded arguments). */
export type HarnessJson =
  | null
  | boolean
  | number
  | string
  | HarnessJson[]
  | { [key: string]: HarnessJson };

/** One tool call the scripted model proposes. */
export interface ScriptedToolCall {
  /** Provider tool-call id. Unique within a test. */
  toolCallId: string;
  /** Tool name as registered (the argseal tool's `name`). */
  tool: string;
  /**
   * The provider's raw argument text, delivered unchanged to the framework's model
   * seam. May be invalid for argseal (duplicate keys, unsafe integers, lone surrogate
   * escapes) while still parseable by `JSON.parse`.
   */
  rawArguments: string;
}

/** The first model turn of a run: the tool calls the model proposes (in order). */
export interface ScriptedTurn {
  calls: readonly ScriptedToolCall[];
}

/** What the suite hands the harness to build a session. */
export interface AdapterSessionInit {
  /** Fully configured authorizer (policy, approvals, audit, rewrite). Use it as is. */
  authorizer: Authorizer<any>;
  /** argseal tools (`defineTool`). Register them with the framework through the adapter. */
  tools: readonly ArgsealTool[];
  /** Application-owned server context to pass to the adapter (policy `context`). */
  context: unknown;
  /** Same objects the authorizer uses; given for convenience. */
  approvals: ApprovalStore;
  audit: AuditSink;
}

/** Outcome of `run` / `resume`. */
export interface HarnessRunOutcome {
  /** `paused`: the framework stopped waiting for approval; otherwise `completed`. */
  status: 'completed' | 'paused';
  /** Tool-call ids the framework is waiting on (empty when completed). */
  pendingToolCallIds: string[];
}

/**
 * What the model was told about one tool call, as recorded in the framework's
 * history (the message that would be sent on the next model turn).
 * - `output`: a normal tool result (the tool ran).
 * - `error`: an error result (invalid arguments, tool failure, refused call).
 * - `denied`: the framework's own "execution denied / not approved" result.
 * `text` is everything the model sees for that result, serialized (JSON.stringify
 * of structured outputs), so the suite can look for a reason, a stage, a code.
 */
export interface HarnessModelResult {
  kind: 'output' | 'error' | 'denied';
  text: string;
}

export interface ResumeOptions {
  /**
   * Tool-call ids to send the framework's "approved" signal for. Default: every
   * call the last run/resume paused on.
   */
  approve?: readonly string[];
}

/** One conversation/run of the framework, with its own history/state. */
export interface AdapterSession {
  /** Start the run with the scripted first turn. */
  run(turn: ScriptedTurn): Promise<HarnessRunOutcome>;
  /**
   * Continue the paused run from its stored history/state with the framework's
   * "approved" signal (a client claim, see the module doc). Resuming twice with the
   * same stored state must be possible (the suite checks no second execution).
   */
  resume(options?: ResumeOptions): Promise<HarnessRunOutcome>;
  /**
   * Replace the arguments of tool call `toolCallId` in the stored history/state of
   * the paused run, as an attacker controlling the client/state would. `args` is
   * decoded JSON; write it the way the framework stores arguments (object or text).
   */
  tamperArguments(toolCallId: string, args: HarnessJson): void | Promise<void>;
  /**
   * Decoded arguments of tool call `toolCallId` as the framework's history holds
   * them now (after any run/resume); `undefined` when the call is not in history
   * or its arguments are not JSON.
   */
  historyArguments(toolCallId: string): HarnessJson | undefined;
  /** The latest result the model was given for `toolCallId`, if any. */
  modelResult(toolCallId: string): HarnessModelResult | undefined;
}

/** Implemented once per adapter (and per mode, e.g. generate vs stream). */
export interface AdapterHarness {
  /** Create a fresh session (new history/state) wired to `init`. */
  createSession(init: AdapterSessionInit): AdapterSession | Promise<AdapterSession>;
}
