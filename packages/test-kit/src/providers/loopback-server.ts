/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { apiPath, renderTurn } from './render-turn.js';
import type { LoopbackProvider, LoopbackProviderOptions, LoopbackRequest } from './types.js';

const DEFAULT_LIFETIME_MS = 60_000;
const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

/**
 * Starts a fake model provider on 127.0.0.1 (random port) that answers the `api`'s
 * endpoint with `turns[0]`, `turns[1]`, ... as JSON, or as SSE when the request body has
 * `stream: true`. Every request is recorded. The server stops itself after `maxRequests`
 * requests or `lifetimeMs`; requests past the script get HTTP 409.
 */
export async function startLoopbackProvider(
  options: LoopbackProviderOptions,
): Promise<LoopbackProvider> {
  const requests: LoopbackRequest[] = [];
  const maxRequests = options.maxRequests ?? options.turns.length + 4;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const suffix = apiPath(options.api);
  let nextTurn = 0;
  let closed: Promise<void> | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const bodyText = await readBody(req, maxBody);
    const path = req.url ?? '/';
    const body = tryParse(bodyText);
    const stream =
      (isRecord(body) && body.stream === true) ||
      (req.url ?? '').includes(':streamGenerateContent');
    requests.push({
      method: req.method ?? '',
      path,
      headers: flatHeaders(req),
      bodyText,
      body,
      stream,
    });
    const pathname = path.split('?')[0] ?? '';
    if (req.method !== 'POST' || !pathname.toLowerCase().endsWith(suffix.toLowerCase())) {
      return send(res, 404, 'application/json', errorBody('not_found', 'no such endpoint'));
    }
    const turn = options.turns[nextTurn];
    if (!turn)
      return send(res, 409, 'application/json', errorBody('script_exhausted', 'no turn left'));
    nextTurn++;
    const model = isRecord(body) && typeof body.model === 'string' ? body.model : 'loopback-model';
    const out = renderTurn(options.api, turn, stream, { index: nextTurn, model });
    send(res, out.status, out.contentType, out.body);
  };

  const server = createServer((req, res) => {
    handle(req, res)
      .catch(() => send(res, 400, 'application/json', errorBody('bad_request', 'unreadable body')))
      .finally(() => {
        if (requests.length >= maxRequests) void close();
      });
  });
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };
  const timer = setTimeout(() => void close(), options.lifetimeMs ?? DEFAULT_LIFETIME_MS);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('loopback: no port');
  return { url: `http://127.0.0.1:${address.port}`, requests, close };
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, {
    'content-type': contentType.startsWith('text/event-stream')
      ? contentType
      : `${contentType}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-request-id': `req_loopback`,
  });
  res.end(body);
}

function errorBody(type: string, message: string): string {
  return JSON.stringify({
    type: 'error',
    error: { type, message: `loopback provider: ${message}` },
  });
}

async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
