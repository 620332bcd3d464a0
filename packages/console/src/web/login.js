import { $, setText } from './dom.js';

/** The login page: trades the approver token for a session cookie. */
export function initLogin() {
  $('login-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    setText('login-error', '');
    try {
      const response = await fetch('/api/session', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: $('token').value }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        setText('login-error', body?.error?.message ?? `login failed (${response.status})`);
        return;
      }
      location.assign('/');
    } catch {
      setText('login-error', 'cannot reach the console');
    }
  });
}
