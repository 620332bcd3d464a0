import type { IncomingMessage } from 'node:http';

/** Why the HTTP listener refused a request before any session or upstream existed. */
export interface HttpRefusal {
  status: 403 | 406 | 415;
  message: string;
}

/** The loopback origins of a listener on `port` (a page served by the proxy's own address). */
export function loopbackOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
}

/**
 * DNS rebinding and cross-site requests (MCP spec, streamable HTTP security warning): a
 * request with an `Origin` header is accepted only from an allowed origin. Programs that
 * are not browsers send no `Origin`; every browser sends one on a cross-site POST.
 */
export function checkOrigin(
  req: IncomingMessage,
  allowedOrigins: readonly string[],
): HttpRefusal | undefined {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  if (allowedOrigins.includes(origin)) return undefined;
  return { status: 403, message: 'Forbidden: Origin not allowed' };
}

/** The media type of a Content-Type header, lowercased, without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * What the SDK's transport would refuse in a POST, checked before a session is created:
 * `Content-Type: application/json` (a `text/plain` POST is what a page sends without a
 * preflight) and an `Accept` listing both `application/json` and `text/event-stream`.
 */
export function checkPostHeaders(req: IncomingMessage): HttpRefusal | undefined {
  if (mediaType(req.headers['content-type']) !== 'application/json')
    return {
      status: 415,
      message: 'Unsupported Media Type: Content-Type must be application/json',
    };
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return {
      status: 406,
      message: 'Not Acceptable: Client must accept both application/json and text/event-stream',
    };
  }
  return undefined;
}
