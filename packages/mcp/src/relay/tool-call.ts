import type { JsonObject, JsonValue } from '@argseal/core';
import type { McpCallContext } from '../config/config-types.js';
import type { RpcId, RpcMessage } from '../transport/json-rpc.js';
import type { Upstream } from '../transport/upstream.js';
import type { CatalogEntry } from './tool-catalog.js';
import type { ToolLists } from './tool-lists.js';
import { upstreamCallParams } from './upstream-call-params.js';

/** Upstream tools can run long; the host's own timeout and cancellation apply first. */
const TOOL_CALL_TIMEOUT_MS = 30 * 60_000;

/** What a call needs of the relay of its host connection (implemented by `McpRelay`). */
export interface CallRelay {
  readonly lists: ToolLists;
  toHost(message: RpcMessage, relatedRequestId?: RpcId): Promise<void>;
  requestHost(method: string, params: JsonObject, relatedRequestId: RpcId): Promise<RpcMessage>;
  /** Registers the upstream request made for host request `hostId` (for cancellation). */
  track(hostId: RpcId, upstream: Upstream, upstreamId: RpcId): () => void;
  /** Registers the progress token of `params` as `hostId`'s, from `upstream` only. */
  trackProgress(hostId: RpcId, params: JsonObject | undefined, upstream: Upstream): () => void;
}

/** Thrown by `execute` when the host cancelled the call before the upstream was called. */
class CallCancelled extends Error {
  constructor() {
    super('cancelled by the host before the upstream was called');
  }
}

/**
 * An upstream tool error result of a call that spent an approval, with one more text block
 * telling how to approve the same call again (other responses are returned as they are).
 */
function withReapprovalHint(response: RpcMessage, proposalId: string): RpcMessage {
  const result = response.result;
  if (result?.isError !== true || !Array.isArray(result.content)) return response;
  const hint =
    `argseal: the approval of this call was used by this attempt, which the server refused. ` +
    `To run it again, an approver re-approves it in one action: ` +
    `\`argseal approve --mcp ${proposalId}\`; then retry the identical call.`;
  return {
    ...response,
    result: { ...result, content: [...result.content, { type: 'text', text: hint }] },
  };
}

/** Where a call goes: the pinned definition it was listed under and its upstream connection. */
export interface CallRoute {
  entry: CatalogEntry;
  upstream: Upstream;
}

/**
 * One host `tools/call`, from the host transport to the upstream: the strictly decoded
 * message with its arguments text, its route and policy context once the tool is found,
 * and its one answer. The sealed tool's execution calls {@link McpToolCall.execute}, which
 * sends exactly the sealed arguments upstream and answers the host as soon as the upstream
 * did (before the `executed` record is written); every other outcome is answered by the
 * relay through {@link McpToolCall.answer}. Either way the host gets one answer, none
 * after it cancelled.
 */
export class McpToolCall {
  readonly hostId: RpcId;
  readonly params: JsonObject | undefined;
  /** Canonical text of the arguments, from the strict decoder (absent: no raw text). */
  readonly argumentsText: string | undefined;
  /** The tool name the host used. */
  readonly name: string;
  route: CallRoute | undefined;
  context: McpCallContext | undefined;
  #cancelled = false;
  #answered = false;
  readonly #relay: CallRelay;

  constructor(
    message: RpcMessage & { id: RpcId },
    argumentsText: string | undefined,
    relay: CallRelay,
  ) {
    this.hostId = message.id;
    this.params = message.params;
    this.argumentsText = argumentsText;
    this.name = typeof message.params?.name === 'string' ? message.params.name : '';
    this.#relay = relay;
  }

  /** The host cancelled: no answer goes out, and an upstream not yet called never is. */
  cancel(): void {
    this.#cancelled = true;
  }

  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** Sends the call's answer to the host, once; nothing after a cancel or a first answer. */
  async answer(response: RpcMessage): Promise<void> {
    if (this.#cancelled || this.#answered) return;
    this.#answered = true;
    await this.#relay.toHost({ ...response, id: this.hostId });
  }

  /**
   * Runs the authorized call at its upstream: `{ name, arguments }` from the sealed copy plus
   * the allowlisted protocol fields, under an id of that upstream. Answers the host with the
   * upstream's response at once and returns it.
   *
   * @throws {CallCancelled} when the host cancelled before the upstream was called.
   */
  async execute(sealedArguments: JsonValue, spentProposalId?: string): Promise<RpcMessage> {
    const route = this.route;
    if (!route) throw new Error('a call without a route cannot execute');
    // cancelled while it was sealed (or waited for an approver): never run it
    if (this.#cancelled) throw new CallCancelled();
    const { upstream, entry } = route;
    const upstreamId = upstream.nextId();
    const params = upstreamCallParams(entry.upstreamName, sealedArguments, this.params);
    const untrack = this.#relay.track(this.hostId, upstream, upstreamId);
    const untrackProgress = this.#relay.trackProgress(this.hostId, params, upstream);
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
    // the tool ran: the host gets what it returned even if the executed record then fails
    void this.answer(
      spentProposalId !== undefined ? withReapprovalHint(response, spentProposalId) : response,
    );
    return response;
  }
}
