import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { HostMessage, HostTransport } from '../transport/host-transport.js';
import { idKey, type RpcId, type RpcMessage } from '../transport/json-rpc.js';

/** Options of {@link HttpHostTransport}: the SDK transport's session and DNS-rebinding settings. */
export interface HttpHostTransportOptions {
  sessionIdGenerator: () => string;
  allowedHosts: string[];
  allowedOrigins: string[];
  onsessioninitialized: (sessionId: string) => void;
}

/**
 * One streamable HTTP session seen as a {@link HostTransport}: the SDK's
 * StreamableHTTPServerTransport does the HTTP side (SSE streams, session and protocol
 * headers), `serve-http` decodes each POST body strictly first and passes the decoded
 * message in. The SDK re-parses what it is given, so a request reaches the relay as the
 * strictly decoded message (with its arguments text) that `handleRequest` was given for
 * that id, never as the SDK's copy.
 */
export class HttpHostTransport implements HostTransport {
  onmessage?: (message: HostMessage) => void;
  onclose?: () => void;
  readonly sdk: StreamableHTTPServerTransport;
  /** Requests of POSTs being handled, by id: at most one per id in flight. */
  readonly #decoded = new Map<string, HostMessage>();

  constructor(options: HttpHostTransportOptions) {
    this.sdk = new StreamableHTTPServerTransport({
      sessionIdGenerator: options.sessionIdGenerator,
      enableDnsRebindingProtection: true,
      allowedHosts: options.allowedHosts,
      allowedOrigins: options.allowedOrigins,
      onsessioninitialized: options.onsessioninitialized,
    });
    this.sdk.onmessage = (m) => this.#fromSdk(m as unknown as RpcMessage);
    this.sdk.onclose = () => this.onclose?.();
    this.sdk.onerror = () => undefined;
  }

  get sessionId(): string | undefined {
    return this.sdk.sessionId;
  }

  /**
   * Handles one HTTP request; `decoded` is the strictly decoded POST body. Resolves false
   * (nothing handled) when a request with the same id is still being handed over.
   */
  async handleRequest(
    req: IncomingMessage,
    res: ServerResponse,
    decoded?: HostMessage,
  ): Promise<boolean> {
    const id = decoded?.message.id;
    const key = id !== undefined && id !== null && decoded?.message.method ? idKey(id) : undefined;
    if (key !== undefined) {
      if (this.#decoded.has(key)) return false;
      this.#decoded.set(key, decoded!);
    }
    try {
      await this.sdk.handleRequest(req, res, decoded?.message);
    } finally {
      if (key !== undefined && this.#decoded.get(key) === decoded) this.#decoded.delete(key);
    }
    return true;
  }

  #fromSdk(m: RpcMessage): void {
    if (typeof m.method === 'string' && m.id !== undefined && m.id !== null) {
      const key = idKey(m.id);
      const decoded = this.#decoded.get(key);
      this.#decoded.delete(key);
      this.onmessage?.(decoded ?? { message: m });
      return;
    }
    this.onmessage?.({ message: m });
  }

  async start(): Promise<void> {
    await this.sdk.start();
  }

  send(message: RpcMessage, relatedRequestId?: RpcId): Promise<void> {
    return this.sdk.send(
      message as unknown as JSONRPCMessage,
      relatedRequestId !== undefined ? { relatedRequestId } : undefined,
    );
  }

  close(): Promise<void> {
    return this.sdk.close();
  }
}
