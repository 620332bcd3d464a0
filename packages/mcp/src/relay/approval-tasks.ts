import type { ApprovalStore, AuditSink, JsonObject } from '@argseal/core';
import type { RpcMessage } from '../transport/json-rpc.js';
import { refusalResult } from './refusal-result.js';
import type { SealedOutcome } from './sealed-call.js';
import { type Disposition, dispositionResult, type TaskStatus } from './task-shapes.js';

/** How long a task waits for a decision before it ends as a denial (the pending deadline). */
const PENDING_MS = 24 * 60 * 60_000;
/** How long a terminal task stays retrievable (SEP-2848 `resultRetention`). */
const RETENTION_MS = 60 * 60_000;
/** Polling interval suggested to the host. */
const HOST_POLL_MS = 1000;
/** A re-check that asks for a new approval at most this often per task, then a denial. */
const MAX_REQUESTS = 3;

/** One call suspended for approval, as the proxy runs it when the approval arrives. */
export interface SuspendedCall {
  tool: string;
  proposalId: string;
  proposalHash: string;
  reason: string;
  /** The whole pipeline again on the call's own arguments text: decode, hash, policy, grant. */
  rerun: () => Promise<SealedOutcome>;
  /** Fences the call: its upstream is never called after this. */
  fence: () => void;
}

interface Task {
  readonly id: string;
  call: SuspendedCall;
  readonly createdAt: number;
  status: TaskStatus;
  statusMessage: string;
  lastUpdatedAt: number;
  result?: JsonObject;
  /** Set once, when the task is allowed to run its call (never with `cancelled`). */
  claimed: boolean;
  requests: number;
  checking?: Promise<void>;
  waiters: (() => void)[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Options of {@link ApprovalTasks}. */
export interface ApprovalTasksOptions {
  agent: string;
  approvals: ApprovalStore;
  audit?: AuditSink;
  /** How often pending tasks look at their proposal. */
  pollMs: number;
}

/**
 * The approval tasks of one host connection (SEP-2848 over SEP-2663): a call that needs
 * approval becomes a `working` task bound to its proposal; the task looks at the proposal
 * (every `pollMs` and on every `tasks/get`), and once it is approved re-runs the whole
 * pipeline on the call's own arguments text (policy again, the hash-bound grant consumed
 * atomically, the upstream called once) and completes with the result. Rejected, expired,
 * used by another call or undecided past the pending deadline: completed as a denial, never
 * run. Task ids are random UUIDs, known only to the connection that created them.
 */
export class ApprovalTasks {
  readonly #o: ApprovalTasksOptions;
  readonly #tasks = new Map<string, Task>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: ApprovalTasksOptions) {
    this.#o = options;
  }

  /** Creates the task of a suspended call, or returns the working one of the same proposal. */
  create(call: SuspendedCall): JsonObject {
    for (const t of this.#tasks.values()) {
      if (t.status === 'working' && !t.claimed && t.call.proposalHash === call.proposalHash)
        return { resultType: 'task', ...this.#view(t) };
    }
    const now = Date.now();
    const task: Task = {
      id: globalThis.crypto.randomUUID(),
      call,
      createdAt: now,
      lastUpdatedAt: now,
      status: 'working',
      statusMessage:
        `argseal: approval required for tool "${call.tool}" (proposal ${call.proposalId}). ` +
        `The call has not run; it runs once when an approver approves it ` +
        `(\`argseal approve --mcp ${call.proposalId}\` or the argseal console).`,
      claimed: false,
      requests: 1,
      waiters: [],
    };
    this.#tasks.set(task.id, task);
    this.#timer ??= setInterval(() => void this.#tick(), this.#o.pollMs);
    this.#timer.unref?.();
    return { resultType: 'task', ...this.#view(task) };
  }

  /** `tasks/get`: the task with its result inlined, or undefined for an unknown id. */
  async get(taskId: string): Promise<JsonObject | undefined> {
    const t = this.#tasks.get(taskId);
    if (!t) return undefined;
    await this.#check(t);
    return { resultType: 'complete', ...this.#view(t) };
  }

  /** `tasks/result`: waits for a terminal status; the `CallToolResult`, or undefined. */
  async result(taskId: string): Promise<JsonObject | 'cancelled' | undefined> {
    const t = this.#tasks.get(taskId);
    if (!t) return undefined;
    await this.#check(t);
    if (t.status === 'working') await new Promise<void>((resolve) => t.waiters.push(resolve));
    return t.status === 'cancelled' ? 'cancelled' : t.result;
  }

  /** `tasks/cancel`: fences a task that has not been allowed to run; false for an unknown id. */
  async cancel(taskId: string): Promise<boolean> {
    const t = this.#tasks.get(taskId);
    if (!t) return false;
    if (t.status !== 'working' || t.claimed) return true;
    t.call.fence();
    this.#end(t, 'cancelled', 'argseal: cancelled by the host; the call did not run.');
    await this.#o.audit
      ?.append({
        type: 'failed',
        agent: this.#o.agent,
        tool: t.call.tool,
        proposalHash: t.call.proposalHash,
        proposalId: t.call.proposalId,
        error: { stage: 'approval', code: 'task_cancelled' },
      })
      .catch(() => undefined);
    return true;
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #view(t: Task): JsonObject {
    const view: JsonObject = {
      taskId: t.id,
      status: t.status,
      statusMessage: t.statusMessage,
      createdAt: iso(t.createdAt),
      lastUpdatedAt: iso(t.lastUpdatedAt),
      ttlMs:
        t.status === 'working'
          ? PENDING_MS + RETENTION_MS
          : t.lastUpdatedAt - t.createdAt + RETENTION_MS,
      pollIntervalMs: HOST_POLL_MS,
    };
    if (t.result) view.result = t.result;
    return view;
  }

  async #tick(): Promise<void> {
    const now = Date.now();
    for (const [id, t] of this.#tasks) {
      if (t.status === 'working') await this.#check(t);
      else if (now - t.lastUpdatedAt > RETENTION_MS) this.#tasks.delete(id);
    }
    if (![...this.#tasks.values()].some((t) => t.status === 'working')) this.close();
  }

  /** Looks at the task's proposal once (concurrent callers share the look). */
  #check(t: Task): Promise<void> {
    if (t.status !== 'working' || t.claimed) return Promise.resolve();
    t.checking ??= this.#look(t).finally(() => {
      t.checking = undefined;
    });
    return t.checking;
  }

  async #look(t: Task): Promise<void> {
    const proposal = await this.#o.approvals.getProposal(t.call.proposalId).catch(() => undefined);
    if (t.status !== 'working' || t.claimed) return;
    const status = proposal?.status;
    if (status === 'approved') {
      // the claim: from here the task runs its call once and cancel is a no-op
      t.claimed = true;
      void this.#run(t);
      return;
    }
    if (status === 'pending' && Date.now() - t.createdAt <= PENDING_MS) return;
    const why =
      status === 'rejected'
        ? 'an approver rejected it'
        : status === 'expired'
          ? 'its approval expired before it was used'
          : status === 'consumed'
            ? 'its approval was used by another call'
            : status === 'pending'
              ? 'no approver decided it in time'
              : 'its proposal is gone from the approval store';
    this.#deny(t, `argseal: tool "${t.call.tool}" did not run: ${why}.`);
  }

  async #run(t: Task): Promise<void> {
    const outcome = await t.call.rerun().catch(
      (): SealedOutcome => ({
        type: 'refused',
        refusal: { code: 'internal_error', stage: 'internal', tool: t.call.tool },
      }),
    );
    if (outcome.type === 'executed') return this.#executed(t, outcome.response);
    if (outcome.type === 'suspended') {
      // policy asks for an approval of this proposal again: the task keeps waiting
      if (t.requests >= MAX_REQUESTS)
        return this.#deny(t, `argseal: tool "${t.call.tool}" did not run: approval loop.`);
      t.requests += 1;
      t.call = { ...t.call, proposalId: outcome.proposalId, proposalHash: outcome.proposalHash };
      t.claimed = false;
      t.lastUpdatedAt = Date.now();
      return;
    }
    const r = outcome.refusal;
    // a failure once the upstream may have been called: never "did not run"
    if (r.stage === 'execute' || r.stage === 'upstream' || r.stage === 'internal') {
      return this.#complete(
        t,
        'outcome-unknown',
        `argseal: tool "${t.call.tool}" was approved; whether it ran is unknown (${r.stage}/${r.code}).`,
        refusalResult(r),
      );
    }
    this.#complete(
      t,
      'denied-not-executed',
      `argseal: tool "${t.call.tool}" did not run: refused at ${r.stage}/${r.code} when re-checked after approval.`,
      refusalResult(r),
    );
  }

  #executed(t: Task, response: RpcMessage): void {
    if (response.error !== undefined) {
      const message = String(response.error.message).slice(0, 1000);
      this.#complete(
        t,
        'execution-error',
        `argseal: tool "${t.call.tool}" was approved and ran once; its server answered with error ${response.error.code}: ${message}`,
      );
      return;
    }
    const result = response.result ?? {};
    const failed = result.isError === true;
    this.#complete(
      t,
      failed ? 'execution-error' : 'approved-executed',
      failed
        ? `argseal: tool "${t.call.tool}" was approved and ran once; the tool reported an error.`
        : `argseal: tool "${t.call.tool}" was approved and ran once.`,
      result,
    );
  }

  #deny(t: Task, sentence: string): void {
    this.#complete(t, 'denied-not-executed', sentence);
  }

  #complete(t: Task, d: Disposition, sentence: string, result?: JsonObject): void {
    t.result = dispositionResult(d, sentence, result);
    this.#end(t, 'completed', sentence);
  }

  #end(t: Task, status: TaskStatus, message: string): void {
    t.status = status;
    t.statusMessage = message;
    t.lastUpdatedAt = Date.now();
    for (const w of t.waiters.splice(0)) w();
  }
}
