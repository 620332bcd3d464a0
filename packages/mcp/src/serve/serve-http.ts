import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpSealError } from '../errors.js';
import type { McpProxy } from '../relay/proxy.js';
import { refusalAnswer } from '../relay/refusal-answer.js';
import { auditRefusal, type McpRelay } from '../relay/relay.js';
import { DEFAULT_MAX_MESSAGE_LENGTH, decodeMessage } from '../transport/decode-message.js';
import type { HostMessage } from '../transport/host-transport.js';
import { readBody } from '../transport/read-body.js';
import { recoverId } from '../transport/recover-id.js';
import { checkOrigin, checkPostHeaders, loopbackOrigins } from './http-acceptance.js';
import { HttpHostTransport } from './http-host-transport.js';

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Loopback only: `127.0.0.1` (default) or `::1`. */
  host?: '127.0.0.1' | '::1';
  /** Largest message text accepted (UTF-16 units). Default 4 MiB. */
  maxMessageLength?: number;
  /**
   * Concurrent host sessions, each with its own upstream connections (one child process per
   * stdio server). Default 16. Past it the least recently used session with no request in
   * flight is closed for the new one; when every session is busy, `initialize` is refused (503).
   */
  maxSessions?: number;
  /**
   * Upstream connections of all sessions together (sessions × configured servers). Default
   * 64; enforced like `maxSessions`, before anything of the new session starts.
   */
  maxUpstreams?: number;
  /** A session without any HTTP request for this long is closed with its upstreams. Default 10 minutes. */
  sessionIdleMs?: number;
  /**
   * `Origin`s allowed besides the listener's own loopback origins (requests without `Origin`,
   * from programs that are not browsers, are allowed). Default none.
   */
  allowedOrigins?: readonly string[];
}

/** A running streamable HTTP proxy. */
export interface RunningHttpProxy {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Open sessions (each holds its upstream connections). */
  readonly sessionCount: number;
  close(): Promise<void>;
}

interface Session {
  transport: HttpHostTransport;
  relay: McpRelay;
  usedAt: number;
  /** HTTP requests of this session still being answered (an open SSE stream counts). */
  active: number;
}

const OPTION_KEYS = new Set([
  'port',
  'host',
  'maxMessageLength',
  'maxSessions',
  'maxUpstreams',
  'sessionIdleMs',
  'allowedOrigins',
]);
const DEFAULT_IDLE_MS = 10 * 60_000;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const jsonRpcError = (res: ServerResponse, status: number, code: number, message: string) =>
  json(res, status, { jsonrpc: '2.0', error: { code, message } });

function checkOptions(options: ServeHttpOptions): void {
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key))
      throw new McpSealError('invalid_config', `serveHttp: unknown option "${key}"`);
  }
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1' && host !== '::1') {
    throw new McpSealError(
      'invalid_config',
      'the HTTP proxy binds loopback only (127.0.0.1 or ::1)',
    );
  }
  for (const key of ['maxSessions', 'maxUpstreams', 'sessionIdleMs'] as const) {
    const v = options[key];
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 1))
      throw new McpSealError('invalid_config', `serveHttp: ${key} must be a positive integer`);
  }
  const origins = options.allowedOrigins;
  if (
    origins !== undefined &&
    (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string'))
  )
    throw new McpSealError('invalid_config', 'serveHttp: allowedOrigins must be a list of origins');
}

/**
 * Serves `proxy` as a streamable HTTP MCP server on loopback (`/mcp`), one session per
 * host `initialize`, with the SDK's StreamableHTTPServerTransport. Per the MCP spec's
 * security advice: the `Host` and `Origin` headers are checked (DNS rebinding, cross-site
 * pages), a session and its upstream connections are created only for an `initialize`
 * POST that is accepted (JSON content type, Accept, strict decoding, under the caps on
 * sessions and upstreams), and idle sessions are closed. Each POST body's raw text is
 * strictly decoded before the SDK sees it (it is handed over as `parsedBody`); refused
 * texts are answered here and never forwarded.
 */
export async function serveHttp(
  proxy: McpProxy,
  options: ServeHttpOptions = {},
): Promise<RunningHttpProxy> {
  checkOptions(options);
  const host = options.host ?? '127.0.0.1';
  const maxLength = options.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
  const maxSessions = options.maxSessions ?? 16;
  const maxUpstreams = options.maxUpstreams ?? 64;
  const idleMs = options.sessionIdleMs ?? DEFAULT_IDLE_MS;
  const perSession = Math.max(1, proxy.serverNames.length);
  const sessions = new Map<string, Session>();
  /** Sessions being created (their upstreams count against the caps already). */
  let starting = 0;
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];

  async function newSession(): Promise<Session> {
    const transport = new HttpHostTransport({
      sessionIdGenerator: randomUUID,
      allowedHosts,
      allowedOrigins,
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    const relay = await proxy.connect(transport);
    const session: Session = { transport, relay, usedAt: Date.now(), active: 0 };
    const onClose = transport.onclose;
    transport.onclose = () => {
      if (transport.sessionId && sessions.get(transport.sessionId) === session)
        sessions.delete(transport.sessionId);
      onClose?.();
    };
    return session;
  }

  const atCapacity = () => {
    const open = sessions.size + starting;
    return open >= maxSessions || (open + 1) * perSession > maxUpstreams;
  };

  /** Closes the least recently used session with no request in flight; false when all are busy. */
  async function closeIdlest(): Promise<boolean> {
    let idlest: [string, Session] | undefined;
    for (const entry of sessions) {
      if (entry[1].active === 0 && (!idlest || entry[1].usedAt < idlest[1].usedAt)) idlest = entry;
    }
    if (!idlest) return false;
    sessions.delete(idlest[0]);
    await idlest[1].relay.close();
    return true;
  }

  async function handle(
    session: Session,
    req: IncomingMessage,
    res: ServerResponse,
    decoded?: HostMessage,
  ) {
    session.active += 1;
    session.usedAt = Date.now();
    // busy until the response is finished or its connection closed (an SSE stream included)
    res.once('close', () => {
      session.active -= 1;
      session.usedAt = Date.now();
    });
    if (!(await session.transport.handleRequest(req, res, decoded)))
      jsonRpcError(res, 400, -32600, 'Invalid Request: a request with this id is in flight');
  }

  async function post(req: IncomingMessage, res: ServerResponse, existing: Session | undefined) {
    // nothing is read or started for a POST the SDK would refuse (a page's text/plain POST)
    const headers = checkPostHeaders(req);
    if (headers) {
      req.resume();
      return jsonRpcError(res, headers.status, -32000, headers.message);
    }
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
    const { message } = decoded.value;
    if (existing) return handle(existing, req, res, decoded.value);
    if (message.method !== 'initialize' || message.id == null)
      return jsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
    while (atCapacity()) {
      if (!(await closeIdlest()))
        return jsonRpcError(res, 503, -32000, 'Service Unavailable: too many sessions');
    }
    starting += 1;
    let session: Session;
    try {
      session = await newSession();
    } finally {
      starting -= 1;
    }
    try {
      await handle(session, req, res, decoded.value);
    } finally {
      // refused by the SDK after all: the session never entered the table, close its upstreams
      const id = session.transport.sessionId;
      if (id === undefined || sessions.get(id) !== session) await session.relay.close();
    }
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== '/mcp') return json(res, 404, { error: 'not_found' });
      // DNS rebinding: only our own loopback Host (checked again by the SDK transport)
      if (!allowedHosts.includes(req.headers.host ?? ''))
        return jsonRpcError(res, 403, -32000, 'Forbidden: invalid Host header');
      const origin = checkOrigin(req, allowedOrigins);
      if (origin) return jsonRpcError(res, origin.status, -32000, origin.message);
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (typeof id === 'string' && !existing)
        return jsonRpcError(res, 404, -32001, 'Session not found');
      if (req.method === 'POST') return post(req, res, existing);
      if (!existing)
        return jsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
      await handle(existing, req, res);
    })().catch(() => {
      if (!res.headersSent) jsonRpcError(res, 500, -32603, 'internal error');
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
  allowedOrigins = [...loopbackOrigins(port), ...(options.allowedOrigins ?? [])];

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) {
        if (s.active === 0 && now - s.usedAt >= idleMs) {
          sessions.delete(id);
          void s.relay.close();
        }
      }
    },
    Math.max(10, Math.min(Math.floor(idleMs / 2), 30_000)),
  );
  sweep.unref();

  return {
    url: `http://${hostPart}:${port}/mcp`,
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((s) => s.relay.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}
