import { ApprovalError, type ApprovalStore } from '@argseal/core';
import { HookError } from '../errors.js';
import type { OpenedBackend } from '../store/lazy-session.js';
import type { DaemonState } from './daemon-state.js';
import type { ExecutedCallRef, MatchedDecision } from './decision-match.js';
import { loopbackFetch } from './loopback-fetch.js';
import { connectStoreDaemon, type DaemonSettings } from './start-daemon.js';

async function call(
  state: DaemonState,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<unknown> {
  let res: Response;
  try {
    res = await loopbackFetch(`${state.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (cause) {
    throw new HookError('store', 'store_unavailable', 'the store daemon stopped answering', {
      cause,
    });
  }
  const json = (await res.json()) as { error?: { code?: string; message?: string; kind?: string } };
  if (res.ok) return json;
  const e = json.error ?? {};
  if (e.kind === 'approval') throw new ApprovalError(e.code as never, e.message ?? 'refused');
  throw new HookError(
    'store',
    'store_unavailable',
    `the store daemon refused (${e.code ?? res.status})`,
  );
}

/**
 * The default store as a hook sees it: the per-user store daemon (started on first use)
 * through the console's own HTTP clients (agent token) on a kept-alive loopback connection;
 * `decide` (`argseal approve`) with the approver token; `findDecision` for `executed`.
 */
export async function openDaemonBackend(s: DaemonSettings): Promise<OpenedBackend> {
  const state = await connectStoreDaemon(s);
  const client = await import('@argseal/console/client');
  const options = { url: state.url, token: state.agentToken, fetch: loopbackFetch };
  const remote = client.createConsoleApprovalStore(options);
  const approvals: ApprovalStore = {
    ...remote,
    async decide(proposalHash, input) {
      const { grant } = (await call(state, 'POST', '/local/decide', state.approverToken, {
        proposalHash,
        input,
      })) as { grant: Awaited<ReturnType<ApprovalStore['decide']>> };
      return grant;
    },
  };
  return {
    audit: client.createConsoleAuditSink(options),
    approvals: async () => approvals,
    async findDecision(ref: ExecutedCallRef): Promise<MatchedDecision | null> {
      const q = new URLSearchParams({ ...ref });
      const { decision } = (await call(state, 'GET', `/local/decision?${q}`, state.agentToken)) as {
        decision: MatchedDecision | null;
      };
      return decision;
    },
    close: async () => {},
  };
}
