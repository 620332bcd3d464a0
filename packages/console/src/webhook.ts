import { createHmac } from 'node:crypto';
import { type ApprovalStore, assertKnownOptions, type StoredProposal } from '@argseal/core';
import { ConsoleError } from './errors.js';
import { listDisplay, reasonTables } from './proposal-display.js';

/** Where and how the console announces new pending proposals. */
export interface WebhookOptions {
  /** Receiver URL: https, or http to a loopback address. */
  url: string;
  /** HMAC-SHA256 key: `X-Argseal-Signature: sha256=<hex of HMAC(timestamp + "." + body)>`. */
  secret: string;
  /** `json` (default) or `slack` (an incoming-webhook `{ text }` message). */
  format?: 'json' | 'slack';
  /** The console's public base URL, for the link to the proposal. */
  consoleUrl: string;
  /** Attempts per message (default 5), waiting `baseDelayMs` (default 1000) doubled each retry. */
  attempts?: number;
  baseDelayMs?: number;
  fetch?: typeof fetch;
}

/** Every key {@link WebhookOptions} knows; any other is refused `unknown_option`. */
export const WEBHOOK_OPTION_KEYS = [
  'url',
  'secret',
  'format',
  'consoleUrl',
  'attempts',
  'baseDelayMs',
  'fetch',
];

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A webhook URL must be https, or http to a loopback host (`invalid_webhook_url`). */
export function checkWebhookUrl(url: string): void {
  let u: URL | undefined;
  try {
    u = new URL(url);
  } catch {
    u = undefined;
  }
  if (!u || !(u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname))))
    throw new ConsoleError(
      'invalid_webhook_url',
      'the webhook URL must be https (or http to loopback)',
    );
}

/** The signature header of a body sent at `timestamp` (seconds). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Escapes Slack's three control characters (`&`, `<`, `>`) so a value can never become a
 * mention (`<!channel>`, `<@U123>`) or a labelled link (`<https://evil.example|Approve>`).
 */
export function escapeSlackText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function message(p: StoredProposal, o: WebhookOptions): string {
  const d = listDisplay(p, reasonTables(undefined));
  let base = o.consoleUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  const link = `${base}/#/p/${encodeURIComponent(p.id)}`;
  if (o.format === 'slack')
    return JSON.stringify({
      text: `Waiting for approval: ${escapeSlackText(d.summary)} (agent ${escapeSlackText(p.agent)}) <${escapeSlackText(link)}|open in the console>`,
    });
  return JSON.stringify({
    type: 'proposal.pending',
    proposal: {
      id: p.id,
      agent: p.agent,
      tool: p.tool,
      proposalHash: p.proposalHash,
      createdAt: p.createdAt,
    },
    summary: d.summary,
    context: d.context,
    url: link,
  });
}

/** Sends one signed message, retrying 5xx, 429 and network errors with exponential backoff. */
async function sendWebhook(p: StoredProposal, o: WebhookOptions): Promise<boolean> {
  const body = message(p, o);
  const attempts = o.attempts ?? 5;
  const send = o.fetch ?? fetch;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, (o.baseDelayMs ?? 1000) * 2 ** (i - 1)));
    const timestamp = String(Math.floor(Date.now() / 1000));
    try {
      const res = await send(o.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Argseal-Timestamp': timestamp,
          'X-Argseal-Signature': signWebhook(o.secret, timestamp, body),
        },
        body,
        redirect: 'error',
      });
      await res.body?.cancel();
      if (res.ok) return true;
      if (res.status < 500 && res.status !== 429) return false;
    } catch {
      // network error: retry
    }
  }
  return false;
}

/**
 * Watches the store for new pending proposals every `intervalMs` and sends one webhook each
 * (those pending at start are not announced). Returns a stop function.
 */
export function watchPending(
  store: ApprovalStore,
  o: WebhookOptions,
  intervalMs = 2000,
): () => void {
  assertKnownOptions('watchPending', o, WEBHOOK_OPTION_KEYS);
  const seen = new Set<string>();
  let primed = false;
  let stopped = false;
  const tick = async () => {
    try {
      for (const p of await store.listProposals({ status: 'pending', limit: 200 })) {
        if (seen.has(p.id)) continue;
        seen.add(p.id);
        if (primed) void sendWebhook(p, o);
      }
      primed = true;
    } catch {
      // storage hiccup: try again next tick
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  let timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
