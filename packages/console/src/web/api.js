// Calls to the console's JSON API with the session cookie and, on writes, the CSRF token.

export const CSRF_HEADER = 'X-Argseal-CSRF';
const session = { csrf: '' };

export function setCsrf(token) {
  session.csrf = token ?? '';
}

/** GET or POST to the API; 401 sends the browser to /login; errors carry `code` and `status`. */
export async function api(path, init = {}) {
  const headers = { ...(init.headers ?? {}) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.method && init.method !== 'GET') headers[CSRF_HEADER] = session.csrf;
  const response = await fetch(path, {
    credentials: 'same-origin',
    cache: 'no-store',
    ...init,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (response.status === 401) {
    location.assign('/login');
    throw new Error('not logged in');
  }
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const e = body?.error ?? { code: `http_${response.status}`, message: 'request failed' };
    const error = new Error(e.message);
    error.code = e.code;
    error.status = response.status;
    throw error;
  }
  return body;
}
