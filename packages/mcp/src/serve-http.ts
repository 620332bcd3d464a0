import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { DEFAULT_MAX_MESSAGE_LENGTH, decodeMessage } from './decode-message.js';
import { McpSealError } from './errors.js';
import type { McpProxy } from './proxy.js';
import { RawCallLedger } from './raw-call-ledger.js';
import { readBody } from './read-body.js';
import { recoverId } from './recover-id.js';
import { refusalAnswer } from './refusal-answer.js';
import { auditRefusal, type McpRelay } from './relay.js';

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Loopback only: `127.0.0.1` (default) or `::1`. */
  host?: '127.0.0.1' | '::1';
  /** Largest message text accepted (UTF-16 units). Default 4 MiB. */
  maxMessageLength?: number;
  /**
   * Concurrent host sessions, each with its own upstream connections. Default 16; past it
   * the least recently used session is closed.
   */
  maxSessions?: number;
}

/** A running streamable HTTP proxy. */
export interface RunningHttpProxy {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  ledger: RawCallLedger;
  relay: McpRelay;
  usedAt: number;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/**
 * Serves `proxy` as a streamable HTTP MCP server on 127.0.0.1 (`/mcp`), one session per
 * host `initialize`, with the SDK's StreamableHTTPServerTransport and DNS-rebinding
 * protection. Each POST body's raw text is strictly decoded before the SDK sees it (it is
 * handed over as `parsedBody`); refused texts are answered here and never forwarded.
 */
export async function serveHttp(
  proxy: McpProxy,
  options: ServeHttpOptions = {},
): Promise<RunningHttpProxy> {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1' && host !== '::1') {
    throw new McpSealError(
      'invalid_config',
      'the HTTP proxy binds loopback only (127.0.0.1 or ::1)',
    );
  }
  const maxLength = options.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
  const sessions = new Map<string, Session>();
  let allowedHosts: string[] = [];

  async function newSession(): Promise<Session> {
    const ledger = new RawCallLedger();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableDnsRebindingProtection: true,
      allowedHosts,
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    const relay = await proxy.connect({ transport, ledger });
    const session: Session = { transport, ledger, relay, usedAt: Date.now() };
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void relay.close();
    };
    return session;
  }

  async function evictOldest(): Promise<void> {
    let oldest: [string, Session] | undefined;
    for (const entry of sessions) if (!oldest || entry[1].usedAt < oldest[1].usedAt) oldest = entry;
    if (!oldest) return;
    sessions.delete(oldest[0]);
    await oldest[1].relay.close();
  }

  async function post(req: IncomingMessage, res: ServerResponse, existing: Session | undefined) {
    const body = await readBody(req, maxLength * 4);
    const decoded = body.ok
      ? decodeMessage(body.text, { maxLength })
      : { ok: false as const, refusal: { code: body.code, path: '' } };
    if (!decoded.ok) {
      await auditRefusal(proxy.audit, proxy.agent, decoded.refusal);
      const answer = refusalAnswer(
        decoded.refusal,
        body.ok ? recoverId(body.text, maxLength * 4) : { id: null, isToolCall: false },
      );
      return json(res, answer.id === undefined ? 400 : 200, answer);
    }
    const { message, argumentsText } = decoded.value;
    let session = existing;
    if (!session) {
      if (message.method !== 'initialize')
        return json(res, 400, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
        });
      if (sessions.size >= (options.maxSessions ?? 16)) await evictOldest();
      session = await newSession();
    }
    if (argumentsText !== undefined && message.id != null)
      session.ledger.record(message.id, argumentsText);
    await session.transport.handleRequest(req, res, message);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== '/mcp') return json(res, 404, { error: 'not_found' });
      // DNS rebinding: only our own loopback Host (checked again by the SDK transport)
      if (!allowedHosts.includes(req.headers.host ?? ''))
        return json(res, 403, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Forbidden: invalid Host header' },
        });
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (existing) existing.usedAt = Date.now();
      if (typeof id === 'string' && !existing)
        return json(res, 404, {
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Session not found' },
        });
      if (req.method === 'POST') return post(req, res, existing);
      if (!existing)
        return json(res, 400, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
        });
      await existing.transport.handleRequest(req, res);
    })().catch(() => {
      if (!res.headersSent)
        json(res, 500, { jsonrpc: '2.0', error: { code: -32603, message: 'internal error' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const hostPart = host === '::1' ? '[::1]' : host;
  allowedHosts = [`${hostPart}:${port}`, `localhost:${port}`];
  return {
    url: `http://${hostPart}:${port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.relay.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}
