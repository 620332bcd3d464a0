import type { Hono } from 'hono';

/** A fetch that hands requests to the app without a socket (same Request/Response objects). */
export function inProcessFetch(app: Hono<any>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) =>
    app.fetch(new Request(input, init))) as typeof fetch;
}
