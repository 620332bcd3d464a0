import { Agent, request } from 'node:http';

// kept-alive sockets are unref'd by node:http while idle, so they never hold a process open
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * The part of `fetch` the console client uses (`ok`, `status`, `json()`), on node:http with
 * a kept-alive connection. A hook is a new process per tool call: loading the global fetch
 * (undici) costs it more than all its loopback requests.
 */
export const loopbackFetch = ((url: string, init: RequestInit = {}) =>
  new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    const signal = init.signal;
    if (signal) {
      if (signal.aborted) req.destroy(signal.reason as Error);
      else
        signal.addEventListener('abort', () => req.destroy(signal.reason as Error), { once: true });
    }
    req.end(typeof init.body === 'string' ? init.body : undefined);
  })) as unknown as typeof fetch;
