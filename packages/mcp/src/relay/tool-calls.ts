import type { AuditSink, JsonObject } from '@argseal/core';
import type { McpCallContext } from '../config/config-types.js';
import { idKey, type RpcId, type RpcMessage, rpcError } from '../transport/json-rpc.js';
import { ApprovalTasks } from './approval-tasks.js';
import {
  approvalElicitation,
  elicitationAnswer,
  elicitationApprover,
  hostSupportsElicitation,
} from './elicit-approval.js';
import { type CallRefusal, refusalResult } from './refusal-result.js';
import type { SealedOutcome, Sealer } from './sealed-call.js';
import { declaresTasks, requestDeclaresTasks } from './task-shapes.js';
import { type CallRelay, McpToolCall } from './tool-call.js';
import type { CatalogEntry } from './tool-catalog.js';

/** Default interval at which approval tasks look at their proposals. */
const TASK_POLL_MS = 500;

/** `tools/list` and `tools/call` of one host connection. */
export class ToolCalls {
  readonly #relay: CallRelay;
  readonly #sealer: Sealer;
  readonly #audit: AuditSink | undefined;
  readonly #approvers: readonly string[];
  readonly #inFlight = new Map<string, McpToolCall>();
  #client: McpCallContext['client'];
  #capabilities: JsonObject | undefined;
  /** Approval tasks (SEP-2848) of this connection, once one was created or negotiated. */
  #tasks: ApprovalTasks | undefined;
  readonly #taskPollMs: number;
  readonly #agent: string;

  constructor(
    relay: CallRelay,
    sealer: Sealer,
    audit: AuditSink | undefined,
    approvers: readonly string[],
    agent = 'mcp',
    taskPollMs = TASK_POLL_MS,
  ) {
    this.#relay = relay;
    this.#sealer = sealer;
    this.#audit = audit;
    this.#approvers = approvers;
    this.#agent = agent;
    this.#taskPollMs = taskPollMs;
  }

  /**
   * True when `tasks/*` of this host are the proxy's own: the host declared the Tasks
   * extension at initialize, or a call of this connection became a task. Otherwise they
   * are relayed to the upstream as before.
   */
  get handlesTasks(): boolean {
    return this.#tasks !== undefined || declaresTasks(this.#capabilities);
  }

  /** Answers `tasks/get`, `tasks/result` and `tasks/cancel` from this connection's tasks. */
  async task(m: RpcMessage & { id: RpcId; method: string }): Promise<void> {
    const taskId = m.params?.taskId;
    const tasks = this.#tasks;
    const unknown = () =>
      this.#relay.toHost(
        rpcError(m.id, -32602, 'Failed to retrieve task: Task not found', 'unknown_task'),
      );
    if (typeof taskId !== 'string' || !tasks) return unknown();
    if (m.method === 'tasks/get') {
      const task = await tasks.get(taskId);
      if (!task) return unknown();
      return this.#relay.toHost({ jsonrpc: '2.0', id: m.id, result: task });
    }
    if (m.method === 'tasks/cancel') {
      if (!(await tasks.cancel(taskId))) return unknown();
      return this.#relay.toHost({ jsonrpc: '2.0', id: m.id, result: { resultType: 'complete' } });
    }
    if (m.method === 'tasks/result') {
      const result = await tasks.result(taskId);
      if (result === undefined) return unknown();
      if (result === 'cancelled')
        return this.#relay.toHost(rpcError(m.id, -32602, 'Task was cancelled', 'task_cancelled'));
      return this.#relay.toHost({ jsonrpc: '2.0', id: m.id, result });
    }
    return this.#relay.toHost(rpcError(m.id, -32601, 'Method not found', 'unknown_method'));
  }

  close(): void {
    this.#tasks?.close();
  }

  /** Remembers the host's self-reported clientInfo and capabilities from initialize. */
  setClient(params: JsonObject | undefined): void {
    const info = params?.clientInfo as { name?: unknown; version?: unknown } | undefined;
    if (typeof info?.name === 'string') {
      this.#client = {
        name: info.name,
        version: typeof info.version === 'string' ? info.version : '',
      };
    }
    this.#capabilities = params?.capabilities as JsonObject | undefined;
  }

  async list(m: RpcMessage & { id: RpcId }): Promise<void> {
    const lists = this.#relay.lists;
    if (typeof m.params?.cursor === 'string') {
      await this.#relay.toHost(rpcError(m.id, -32602, 'unknown cursor', 'invalid_cursor'));
      return;
    }
    try {
      await lists.refresh();
      await this.#relay.toHost({
        jsonrpc: '2.0',
        id: m.id,
        result: { tools: lists.visibleTools() },
      });
    } catch {
      await this.#relay.toHost(
        rpcError(m.id, -32603, 'upstream tools/list failed', 'upstream_error'),
      );
    }
  }

  cancel(hostId: RpcId): void {
    this.#inFlight.get(idKey(hostId))?.cancel();
  }

  latestInFlight(): RpcId | undefined {
    let latest: RpcId | undefined;
    for (const c of this.#inFlight.values()) latest = c.hostId;
    return latest;
  }

  /** Seals and runs one host `tools/call`; the call object sends its one answer. */
  async call(m: RpcMessage & { id: RpcId }, argumentsText: string | undefined): Promise<void> {
    const call = new McpToolCall(m, argumentsText, this.#relay);
    this.#inFlight.set(idKey(m.id), call);
    try {
      await call.answer(await this.#sealedResult(call));
    } finally {
      this.#inFlight.delete(idKey(m.id));
    }
  }

  async #refuse(call: McpToolCall, r: CallRefusal): Promise<RpcMessage> {
    await this.#audit
      ?.append({ type: 'invalid', tool: r.tool, error: { stage: r.stage, code: r.code } })
      .catch(() => undefined);
    return { jsonrpc: '2.0', id: call.hostId, result: refusalResult(r) };
  }

  async #sealedResult(call: McpToolCall): Promise<RpcMessage> {
    if (call.argumentsText === undefined) {
      return this.#refuse(call, { code: 'raw_text_unavailable', stage: 'decode', tool: call.name });
    }
    const lists = this.#relay.lists;
    if (!lists.loaded) await lists.ensureLoaded().catch(() => undefined);
    const entry = lists.find(call.name);
    if (!entry)
      return this.#refuse(call, { code: 'unknown_tool', stage: 'definition', tool: call.name });
    if (!entry.spec) {
      const code = entry.status === 'invalid' ? 'invalid_definition' : 'definition_not_approved';
      return this.#refuse(call, {
        code,
        stage: 'definition',
        tool: `${entry.server}/${entry.upstreamName}`,
        ...(code === 'definition_not_approved' && entry.pinId !== undefined
          ? { definitionId: entry.pinId }
          : {}),
      });
    }
    call.route = { entry, upstream: lists.upstreamOf(entry.server) };
    call.context = {
      server: entry.server,
      tool: entry.upstreamName,
      annotations: entry.definition.annotations as Record<string, unknown> | undefined,
      client: this.#client,
    };
    let outcome = await this.#sealer.run(entry.spec, call);
    if (outcome.type === 'suspended') outcome = await this.#elicit(call, entry, outcome);
    if (outcome.type === 'suspended' && this.#sealer.approvals) {
      // SEP-2848: a host that declared the Tasks extension gets a task instead of a refusal
      if (declaresTasks(this.#capabilities) || requestDeclaresTasks(call.params)) {
        const spec = entry.spec;
        this.#tasks ??= new ApprovalTasks({
          agent: this.#agent,
          approvals: this.#sealer.approvals,
          audit: this.#audit,
          pollMs: this.#taskPollMs,
        });
        const result = this.#tasks.create({
          tool: spec.qualifiedName,
          proposalId: outcome.proposalId,
          proposalHash: outcome.proposalHash,
          reason: outcome.reason,
          rerun: () => this.#sealer.run(spec, call),
          fence: () => call.cancel(),
        });
        return { jsonrpc: '2.0', id: call.hostId, result };
      }
    }
    return this.#answer(call, entry, outcome);
  }

  async #elicit(
    call: McpToolCall,
    entry: CatalogEntry,
    s: Extract<SealedOutcome, { type: 'suspended' }>,
  ): Promise<SealedOutcome> {
    const client = this.#client?.name;
    const approvals = this.#sealer.approvals;
    if (!client || !approvals || !this.#approvers.includes(client)) return s;
    if (!hostSupportsElicitation(this.#capabilities)) return s;
    const answer = elicitationAnswer(
      await this.#relay.requestHost(
        'elicitation/create',
        approvalElicitation({ tool: entry.spec!.qualifiedName, ...s }),
        call.hostId,
      ),
    );
    if (answer === undefined) return s;
    await approvals.decide(s.proposalHash, {
      decision: answer,
      approver: elicitationApprover(client),
      proposalId: s.proposalId,
    });
    return this.#sealer.run(entry.spec!, call);
  }

  #answer(call: McpToolCall, entry: CatalogEntry, outcome: SealedOutcome): RpcMessage {
    const tool = entry.spec?.qualifiedName ?? entry.hostName;
    if (outcome.type === 'executed') return outcome.response;
    if (outcome.type === 'suspended') {
      return {
        jsonrpc: '2.0',
        id: call.hostId,
        result: refusalResult({
          code: 'approval_required',
          stage: 'approval',
          tool,
          proposalId: outcome.proposalId,
          proposalHash: outcome.proposalHash,
          reason: outcome.reason,
        }),
      };
    }
    return { jsonrpc: '2.0', id: call.hostId, result: refusalResult(outcome.refusal) };
  }
}
