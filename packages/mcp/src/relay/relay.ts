import type { AuditSink, JsonObject } from '@argseal/core';
import type { ToolPinStore } from '../pins/types.js';
import type { MessageRefusal } from '../transport/decode-message.js';
import type { HostTransport } from '../transport/host-transport.js';
import {
  idKey,
  isNotification,
  isRequest,
  isResponse,
  RPC_INTERNAL_ERROR,
  type RpcId,
  type RpcMessage,
  rpcError,
} from '../transport/json-rpc.js';
import type { RefusedMessageHint } from '../transport/recover-id.js';
import type { Upstream } from '../transport/upstream.js';
import { refusalAnswer } from './refusal-answer.js';
import type { Sealer } from './sealed-call.js';
import { withTaskExtensions } from './task-shapes.js';
import type { CallRelay } from './tool-call.js';
import { ToolCalls } from './tool-calls.js';
import { type PendingDefinition, ToolLists, type UpstreamServer } from './tool-lists.js';

/** Audits a refused message text with stage and code only (never its text). */
export async function auditRefusal(
  audit: AuditSink | undefined,
  agent: string,
  r: MessageRefusal,
): Promise<void> {
  await audit
    ?.append({ type: 'invalid', agent, error: { stage: 'decode', code: r.code, path: r.path } })
    .catch(() => undefined);
}

/** Options of {@link McpRelay}. */
export interface RelayOptions {
  agent: string;
  servers: readonly UpstreamServer[];
  pins: ToolPinStore;
  sealer: Sealer;
  audit?: AuditSink;
  /** Host `clientInfo.name`s whose elicitation answers are grants. */
  elicitationApprovers?: readonly string[];
  pinPollMs?: number;
  /** How often approval tasks (SEP-2848) look at their proposals. Default 500 ms. */
  approvalTaskPollMs?: number;
  /** Told when tool definitions wait for an approver (the CLI prints them). */
  onPendingDefinitions?: (pending: readonly PendingDefinition[]) => void;
}

interface Forwarded {
  hostId: RpcId;
  upstream: Upstream;
  untrackProgress: () => void;
}

/** `params._meta.progressToken` when it is a string or a number. */
function progressTokenOf(params: JsonObject | undefined): string | number | undefined {
  const meta = params?._meta;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
  const token = (meta as JsonObject).progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/**
 * Connects one host to its upstream servers. Every message passes through unchanged
 * except `initialize` (tools capability gains `listChanged`), `tools/list` (approved
 * pins only) and `tools/call` (sealed). Ids are remapped both ways so the proxy's own
 * requests never collide with the host's or an upstream's.
 */
export class McpRelay implements CallRelay {
  readonly host: HostTransport;
  readonly #o: RelayOptions;
  readonly #primary: Upstream;
  readonly lists: ToolLists;
  readonly calls: ToolCalls;
  /** host request id -> upstream request forwarded for it */
  readonly #byHost = new Map<string, { upstream: Upstream; upstreamId: RpcId }>();
  /** upstream request id (ours) -> host id */
  readonly #forwarded = new Map<string, Forwarded>();
  /** host-facing id of an upstream's request -> its origin */
  readonly #fromUpstream = new Map<string, { upstream: Upstream; id: RpcId }>();
  /** our own requests to the host (elicitation) */
  readonly #hostWaiters = new Map<string, (m: RpcMessage) => void>();
  /** progress token -> the host request it belongs to and the upstream it was sent to */
  readonly #progress = new Map<string, { hostId: RpcId; upstream: Upstream }>();
  #next = 0;
  #initialized = false;

  constructor(host: HostTransport, options: RelayOptions) {
    this.host = host;
    this.#o = options;
    this.#primary = options.servers[0]!.upstream;
    this.lists = new ToolLists(
      options.agent,
      options.servers,
      options.pins,
      options.audit,
      options.pinPollMs,
    );
    this.lists.onPending = options.onPendingDefinitions;
    this.lists.onChanged = () => {
      if (this.#initialized)
        void this.toHost({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    };
    this.calls = new ToolCalls(
      this,
      options.sealer,
      options.audit,
      options.elicitationApprovers ?? [],
      options.agent,
      options.approvalTaskPollMs,
    );
    for (const s of options.servers) {
      s.upstream.onmessage = (m) => this.#fromUpstreamMessage(s, m);
      s.upstream.onclose = () => void this.close();
    }
    host.onmessage = (m) => void this.#fromHost(m.message, m.argumentsText);
    host.onclose = () => void this.close();
    host.onrefused = (r, h) => void this.refused(r, h);
  }

  async start(): Promise<void> {
    for (const s of this.#o.servers) await s.upstream.start();
    await this.host.start();
  }

  toHost(message: RpcMessage, relatedRequestId?: RpcId): Promise<void> {
    return this.host.send(message, relatedRequestId).catch(() => undefined);
  }

  /** Sends a request of the proxy's own to the host and resolves to its answer. */
  requestHost(method: string, params: JsonObject, relatedRequestId: RpcId): Promise<RpcMessage> {
    this.#next += 1;
    const id = `argseal-h${this.#next}`;
    return new Promise((resolve) => {
      this.#hostWaiters.set(idKey(id), resolve);
      void this.toHost({ jsonrpc: '2.0', id, method, params }, relatedRequestId);
    });
  }

  /** A host message text that strict decoding refused: audit it, answer it, forward nothing. */
  async refused(refusal: MessageRefusal, hint: RefusedMessageHint): Promise<void> {
    await auditRefusal(this.#o.audit, this.#o.agent, refusal);
    await this.toHost(refusalAnswer(refusal, hint));
  }

  async #fromHost(m: RpcMessage, argumentsText: string | undefined): Promise<void> {
    if (isRequest(m)) {
      if (m.method === 'initialize') return this.#initialize(m);
      if (m.method === 'tools/list') return this.calls.list(m);
      if (m.method === 'tools/call') return this.calls.call(m, argumentsText);
      if (m.method.startsWith('tasks/') && this.calls.handlesTasks) return this.calls.task(m);
      return this.forward(this.#primary, m);
    }
    if (isNotification(m)) {
      // a request method without an id would run unsealed at a server that executes
      // notifications: only `notifications/*` is relayed, the rest is dropped and audited
      if (!m.method.startsWith('notifications/')) return this.#requestAsNotification(m);
      return this.#hostNotification(m);
    }
    if (isResponse(m)) {
      const waiter = this.#hostWaiters.get(idKey(m.id));
      if (waiter) {
        this.#hostWaiters.delete(idKey(m.id));
        return waiter(m);
      }
      const origin = this.#fromUpstream.get(idKey(m.id));
      if (!origin) return;
      this.#fromUpstream.delete(idKey(m.id));
      await origin.upstream.send({ ...m, id: origin.id }).catch(() => undefined);
    }
  }

  /** Forwards a host request to `upstream` under a fresh id; the answer goes back under the host's. */
  async forward(upstream: Upstream, m: RpcMessage & { id: RpcId }): Promise<void> {
    const upstreamId = upstream.nextId();
    const untrackProgress = this.trackProgress(m.id, m.params, upstream);
    this.#forwarded.set(idKey(upstreamId), { hostId: m.id, upstream, untrackProgress });
    this.#byHost.set(idKey(m.id), { upstream, upstreamId });
    await upstream.send({ ...m, id: upstreamId }).catch(async () => {
      this.#forwarded.delete(idKey(upstreamId));
      this.#byHost.delete(idKey(m.id));
      untrackProgress();
      await this.toHost(
        rpcError(m.id, RPC_INTERNAL_ERROR, 'upstream unavailable', 'upstream_unavailable'),
      );
    });
  }

  /** Registers a proxy-made upstream request on behalf of host request `hostId` (for cancellation). */
  track(hostId: RpcId, upstream: Upstream, upstreamId: RpcId): () => void {
    this.#byHost.set(idKey(hostId), { upstream, upstreamId });
    return () => this.#byHost.delete(idKey(hostId));
  }

  /**
   * Remembers the progress token of host request `hostId` sent to `upstream`: that
   * upstream's progress notifications with it reach the host (no other upstream's).
   * Returns the function that forgets it.
   */
  trackProgress(hostId: RpcId, params: JsonObject | undefined, upstream: Upstream): () => void {
    const token = progressTokenOf(params);
    if (token === undefined) return () => undefined;
    const key = idKey(token);
    const entry = { hostId, upstream };
    this.#progress.set(key, entry);
    return () => {
      if (this.#progress.get(key) === entry) this.#progress.delete(key);
    };
  }

  async #initialize(m: RpcMessage & { id: RpcId }): Promise<void> {
    this.calls.setClient(m.params);
    const answers = await Promise.all(
      this.#o.servers.map((s) => s.upstream.request('initialize', m.params).catch(() => undefined)),
    );
    const primary = answers[0];
    if (!primary || primary.error || !primary.result) {
      await this.toHost(
        primary?.error
          ? { ...primary, id: m.id }
          : rpcError(m.id, RPC_INTERNAL_ERROR, 'upstream unavailable', 'upstream_unavailable'),
      );
      return;
    }
    this.#o.servers.forEach((s, i) => {
      s.upstream.initializeResult = answers[i]?.result;
    });
    const capabilities = { ...((primary.result.capabilities as JsonObject | undefined) ?? {}) };
    capabilities.tools = {
      ...((capabilities.tools as JsonObject | undefined) ?? {}),
      listChanged: true,
    };
    await this.toHost({
      jsonrpc: '2.0',
      id: m.id,
      result: { ...primary.result, capabilities: withTaskExtensions(capabilities) },
    });
  }

  async #requestAsNotification(m: RpcMessage & { method: string }): Promise<void> {
    const name = m.method === 'tools/call' ? m.params?.name : undefined;
    await this.#o.audit
      ?.append({
        type: 'invalid',
        agent: this.#o.agent,
        ...(typeof name === 'string' ? { tool: name } : {}),
        error: { stage: 'message', code: 'request_as_notification', path: '/id' },
        data: { method: m.method },
      })
      .catch(() => undefined);
  }

  async #hostNotification(m: RpcMessage & { method: string }): Promise<void> {
    if (m.method === 'notifications/initialized') this.#initialized = true;
    if (m.method === 'notifications/cancelled') {
      const requestId = m.params?.requestId as RpcId | undefined;
      if (requestId === undefined) return;
      this.calls.cancel(requestId);
      const target = this.#byHost.get(idKey(requestId));
      if (!target) return;
      await target.upstream
        .send({ ...m, params: { ...m.params, requestId: target.upstreamId } })
        .catch(() => undefined);
      return;
    }
    await Promise.all(this.#o.servers.map((s) => s.upstream.send(m).catch(() => undefined)));
  }

  async #fromUpstreamMessage(s: UpstreamServer, m: RpcMessage): Promise<void> {
    if (isResponse(m)) {
      const f = this.#forwarded.get(idKey(m.id));
      // only the upstream the request went to may answer it
      if (!f || f.upstream !== s.upstream) return;
      this.#forwarded.delete(idKey(m.id));
      this.#byHost.delete(idKey(f.hostId));
      f.untrackProgress();
      await this.toHost({ ...m, id: f.hostId });
      return;
    }
    if (isRequest(m)) {
      this.#next += 1;
      const hostFacing = `argseal-u${this.#next}`;
      this.#fromUpstream.set(idKey(hostFacing), { upstream: s.upstream, id: m.id });
      await this.toHost({ ...m, id: hostFacing }, this.#latestHostRequest(s.upstream));
      return;
    }
    if (m.method === 'notifications/tools/list_changed') {
      await this.lists.refresh([s.name]).catch(() => undefined);
      return;
    }
    if (m.method === 'notifications/cancelled') {
      const upstreamId = m.params?.requestId as RpcId | undefined;
      for (const [hostFacing, origin] of this.#fromUpstream) {
        if (
          origin.upstream === s.upstream &&
          upstreamId !== undefined &&
          idKey(origin.id) === idKey(upstreamId)
        ) {
          this.#fromUpstream.delete(hostFacing);
          const id = hostFacing.slice(hostFacing.indexOf(':') + 1);
          await this.toHost({ ...m, params: { ...m.params, requestId: id } });
        }
      }
      return;
    }
    if (m.method === 'notifications/progress') {
      // progress only from the upstream that was given the token
      const token = m.params?.progressToken;
      const p =
        typeof token === 'string' || typeof token === 'number'
          ? this.#progress.get(idKey(token))
          : undefined;
      if (!p || p.upstream !== s.upstream) return;
      await this.toHost(m, p.hostId);
      return;
    }
    await this.toHost(m);
  }

  #latestHostRequest(upstream: Upstream): RpcId | undefined {
    let latest: RpcId | undefined;
    for (const f of this.#forwarded.values()) if (f.upstream === upstream) latest = f.hostId;
    return latest ?? this.calls.latestInFlight();
  }

  #closing: Promise<void> | undefined;
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.lists.stop();
      this.calls.close();
      await Promise.all(this.#o.servers.map((s) => s.upstream.close()));
      await this.host.close().catch(() => undefined);
    })();
    return this.#closing;
  }
}
