import type { AuditSink, JsonObject, JsonValue } from '@argseal/core';
import type { McpCallContext } from './config-types.js';
import {
  approvalElicitation,
  elicitationAnswer,
  elicitationApprover,
  hostSupportsElicitation,
} from './elicit-approval.js';
import { idKey, type RpcId, type RpcMessage, rpcError } from './json-rpc.js';
import { type CallRefusal, refusalResult } from './refusal-result.js';
import type { McpRelay } from './relay.js';
import type { Forward, SealedOutcome, Sealer } from './sealed-call.js';
import type { CatalogEntry } from './tool-catalog.js';
import { upstreamCallParams } from './upstream-call-params.js';

/** Upstream tools can run long; the host's own timeout and cancellation apply first. */
const TOOL_CALL_TIMEOUT_MS = 30 * 60_000;

/** Thrown by a forward whose call the host cancelled before the upstream was called. */
class CallCancelled extends Error {
  constructor() {
    super('cancelled by the host before the upstream was called');
  }
}

/** A host `tools/call` being sealed or run. */
interface InFlight {
  id: RpcId;
  /** The host cancelled it: no answer goes out, and an upstream not yet called never is. */
  cancelled: boolean;
  /** The upstream's answer was sent to the host (before the `executed` record is written). */
  answered: boolean;
}

/** `tools/list` and `tools/call` of one host connection. */
export class ToolCalls {
  readonly #relay: McpRelay;
  readonly #sealer: Sealer;
  readonly #audit: AuditSink | undefined;
  readonly #approvers: readonly string[];
  readonly #inFlight = new Map<string, InFlight>();
  #client: McpCallContext['client'];
  #capabilities: JsonObject | undefined;

  constructor(
    relay: McpRelay,
    sealer: Sealer,
    audit: AuditSink | undefined,
    approvers: readonly string[],
  ) {
    this.#relay = relay;
    this.#sealer = sealer;
    this.#audit = audit;
    this.#approvers = approvers;
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
    if (typeof m.params?.cursor === 'string') {
      await this.#relay.toHost(rpcError(m.id, -32602, 'unknown cursor', 'invalid_cursor'));
      return;
    }
    try {
      await this.#relay.lists.refresh();
      await this.#relay.toHost({
        jsonrpc: '2.0',
        id: m.id,
        result: { tools: this.#relay.lists.visibleTools() },
      });
    } catch {
      await this.#relay.toHost(
        rpcError(m.id, -32603, 'upstream tools/list failed', 'upstream_error'),
      );
    }
  }

  cancel(hostId: RpcId): void {
    const call = this.#inFlight.get(idKey(hostId));
    if (call) call.cancelled = true;
  }

  latestInFlight(): RpcId | undefined {
    let latest: RpcId | undefined;
    for (const c of this.#inFlight.values()) latest = c.id;
    return latest;
  }

  async call(m: RpcMessage & { id: RpcId }): Promise<void> {
    const argumentsText = this.#relay.host.ledger.take(m.id);
    const name = typeof m.params?.name === 'string' ? m.params.name : '';
    const call: InFlight = { id: m.id, cancelled: false, answered: false };
    this.#inFlight.set(idKey(m.id), call);
    try {
      const result = await this.#sealedResult(m, name, argumentsText, call);
      // cancelled: the host expects no answer; answered: the upstream's answer went out
      if (call.cancelled || call.answered) return;
      await this.#relay.toHost(result.id === undefined ? { ...result, id: m.id } : result);
    } finally {
      this.#inFlight.delete(idKey(m.id));
    }
  }

  async #refuse(m: { id: RpcId }, r: CallRefusal): Promise<RpcMessage> {
    await this.#audit
      ?.append({ type: 'invalid', tool: r.tool, error: { stage: r.stage, code: r.code } })
      .catch(() => undefined);
    return { jsonrpc: '2.0', id: m.id, result: refusalResult(r) };
  }

  async #sealedResult(
    m: RpcMessage & { id: RpcId },
    name: string,
    argumentsText: string | undefined,
    call: InFlight,
  ): Promise<RpcMessage> {
    if (argumentsText === undefined) {
      return this.#refuse(m, { code: 'raw_text_unavailable', stage: 'decode', tool: name });
    }
    if (!this.#relay.lists.loaded) await this.#relay.lists.ensureLoaded().catch(() => undefined);
    const entry = this.#relay.lists.find(name);
    if (!entry) return this.#refuse(m, { code: 'unknown_tool', stage: 'definition', tool: name });
    if (!entry.spec) {
      const code = entry.status === 'invalid' ? 'invalid_definition' : 'definition_not_approved';
      return this.#refuse(m, {
        code,
        stage: 'definition',
        tool: `${entry.server}/${entry.upstreamName}`,
      });
    }
    const context: McpCallContext = {
      server: entry.server,
      tool: entry.upstreamName,
      annotations: entry.definition.annotations as Record<string, unknown> | undefined,
      client: this.#client,
    };
    const forward = this.#forwarder(m, entry, call);
    let outcome = await this.#sealer.run(entry.spec, argumentsText, context, forward);
    if (outcome.type === 'suspended')
      outcome = await this.#elicit(m, entry, outcome, argumentsText, context, forward);
    return this.#answer(m, entry, outcome);
  }

  /**
   * Calls the upstream with the sealed arguments and sends its answer to the host at once:
   * the tool ran, so the host gets what it returned even if writing the `executed` record
   * afterwards fails (a refusal then would invite a second run).
   */
  #forwarder(m: RpcMessage & { id: RpcId }, entry: CatalogEntry, call: InFlight): Forward {
    const upstream = this.#relay.lists.upstreamOf(entry.server);
    return async (args: JsonValue) => {
      // cancelled while it was sealed (or waited for an approver): never run it
      if (call.cancelled) throw new CallCancelled();
      const upstreamId = upstream.nextId();
      const untrack = this.#relay.track(m.id, upstream, upstreamId);
      // exactly what was sealed, plus the allowlisted protocol fields
      const params = upstreamCallParams(entry.upstreamName, args, m.params);
      const untrackProgress = this.#relay.trackProgress(m.id, params, upstream);
      let response: RpcMessage;
      try {
        response = await upstream.requestWithId(
          upstreamId,
          'tools/call',
          params,
          TOOL_CALL_TIMEOUT_MS,
        );
      } finally {
        untrack();
        untrackProgress();
      }
      if (!call.cancelled) {
        call.answered = true;
        void this.#relay.toHost({ ...response, id: m.id });
      }
      return response;
    };
  }

  async #elicit(
    m: RpcMessage & { id: RpcId },
    entry: CatalogEntry,
    s: Extract<SealedOutcome, { type: 'suspended' }>,
    argumentsText: string,
    context: McpCallContext,
    forward: Forward,
  ): Promise<SealedOutcome> {
    const client = this.#client?.name;
    const approvals = this.#sealer.approvals;
    if (!client || !approvals || !this.#approvers.includes(client)) return s;
    if (!hostSupportsElicitation(this.#capabilities)) return s;
    const answer = elicitationAnswer(
      await this.#relay.requestHost(
        'elicitation/create',
        approvalElicitation({ tool: entry.spec!.qualifiedName, ...s }),
        m.id,
      ),
    );
    if (answer === undefined) return s;
    await approvals.decide(s.proposalHash, {
      decision: answer,
      approver: elicitationApprover(client),
      proposalId: s.proposalId,
    });
    return this.#sealer.run(entry.spec!, argumentsText, context, forward);
  }

  #answer(
    m: { id: RpcId },
    entry: CatalogEntry,
    outcome: SealedOutcome,
  ): RpcMessage | Promise<RpcMessage> {
    const tool = entry.spec?.qualifiedName ?? entry.hostName;
    if (outcome.type === 'executed') return { ...outcome.response, id: m.id };
    if (outcome.type === 'suspended') {
      return {
        jsonrpc: '2.0',
        id: m.id,
        result: refusalResult({
          code: 'approval_required',
          stage: 'approval',
          tool,
          proposalId: outcome.proposalId,
          proposalHash: outcome.proposalHash,
        }),
      };
    }
    return { jsonrpc: '2.0', id: m.id, result: refusalResult(outcome.refusal) };
  }
}
