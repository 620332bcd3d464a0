import { randomBytes } from 'node:crypto';
import type { JsonObject } from '@argseal/core';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { McpSealError } from '../errors.js';
import { idKey, isResponse, type RpcId, type RpcMessage } from './json-rpc.js';

/** Default time the proxy waits for an upstream answer to its own requests. */
const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

/** How often waiters past their deadline are failed (one timer per upstream, not per request). */
const SWEEP_MS = 1_000;

interface Waiter {
  resolve: (message: RpcMessage) => void;
  reject: (error: Error) => void;
  /** `performance.now()` after which the request fails as unanswered. */
  deadline: number;
  method: string;
}

/**
 * One upstream MCP server behind the proxy, over any SDK client transport (stdio child
 * process, streamable HTTP). Requests the proxy sends get fresh ids
 * (`argseal-<128 random bits of this upstream>-<n>`): they never collide with ids the host
 * chose, and no other upstream can guess them. A response resolves a waiter only on the
 * upstream the request was sent to; every other message goes to `onmessage`.
 */
export class Upstream {
  readonly name: string;
  readonly transport: Transport;
  onmessage?: (message: RpcMessage) => void;
  onclose?: () => void;
  /** The upstream's initialize result, once the host's initialize went through. */
  initializeResult: JsonObject | undefined;

  readonly #waiters = new Map<string, Waiter>();
  /** Random per upstream: ids sent here cannot be guessed by any other upstream. */
  readonly #idPrefix = `argseal-${randomBytes(16).toString('hex')}-`;
  #next = 0;
  #closed = false;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(name: string, transport: Transport) {
    this.name = name;
    this.transport = transport;
    transport.onmessage = (m) => this.#receive(m as RpcMessage);
    transport.onclose = () => this.#closedByPeer();
    transport.onerror = () => undefined;
  }

  async start(): Promise<void> {
    await this.transport.start();
  }

  /** A fresh proxy-owned id, unguessable outside this upstream. */
  nextId(): string {
    this.#next += 1;
    return `${this.#idPrefix}${this.#next}`;
  }

  send(message: RpcMessage): Promise<void> {
    if (this.#closed)
      return Promise.reject(
        new McpSealError('upstream_unavailable', `upstream "${this.name}" is closed`),
      );
    return this.transport.send(message as JSONRPCMessage);
  }

  /** Sends a request with a fresh id and resolves to the upstream's response message. */
  request(
    method: string,
    params: JsonObject | undefined,
    timeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS,
  ): Promise<RpcMessage> {
    return this.requestWithId(this.nextId(), method, params, timeoutMs);
  }

  requestWithId(
    id: RpcId,
    method: string,
    params: JsonObject | undefined,
    timeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS,
  ): Promise<RpcMessage> {
    const key = idKey(id);
    return new Promise<RpcMessage>((resolve, reject) => {
      this.#waiters.set(key, { resolve, reject, deadline: performance.now() + timeoutMs, method });
      if (this.#sweeper === undefined && !this.#closed) {
        this.#sweeper = setInterval(() => this.#sweep(), SWEEP_MS);
        this.#sweeper.unref?.();
      }
      const message: RpcMessage = { jsonrpc: '2.0', id, method };
      if (params !== undefined) message.params = params;
      this.send(message).catch((error: Error) => {
        this.#waiters.delete(key);
        reject(error);
      });
    });
  }

  /** Fails the requests whose upstream did not answer in time (at most `SWEEP_MS` late). */
  #sweep(): void {
    const now = performance.now();
    for (const [key, waiter] of this.#waiters) {
      if (waiter.deadline > now) continue;
      this.#waiters.delete(key);
      waiter.reject(
        new McpSealError(
          'upstream_unavailable',
          `upstream "${this.name}" did not answer ${waiter.method} in time`,
        ),
      );
    }
  }

  #receive(message: RpcMessage): void {
    if (isResponse(message)) {
      const key = idKey(message.id);
      const waiter = this.#waiters.get(key);
      if (waiter) {
        this.#waiters.delete(key);
        waiter.resolve(message);
        return;
      }
    }
    this.onmessage?.(message);
  }

  #closedByPeer(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#sweeper !== undefined) clearInterval(this.#sweeper);
    this.#sweeper = undefined;
    for (const [key, waiter] of this.#waiters) {
      waiter.reject(new McpSealError('upstream_unavailable', `upstream "${this.name}" closed`));
      this.#waiters.delete(key);
    }
    this.onclose?.();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.transport.close().catch(() => undefined);
    this.#closedByPeer();
  }
}
