import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApprovalStore } from '@argseal/core';
import type { DaemonState } from './daemon-state.js';
import { findAllowedDecisionSql } from './decision-match.js';

/** Routes the store daemon serves besides the console (under `/local/`). */
export interface LocalRouteDeps {
  state: DaemonState;
  store: ApprovalStore;
  db: Parameters<typeof findAllowedDecisionSql>[0];
  stop(): void;
}

const digest = (t: string) => createHash('sha256').update(t, 'utf8').digest();

function bearerIs(req: Request, token: string): boolean {
  const header = req.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7)), digest(token));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function failure(error: unknown): Response {
  const { name, code, message } = (error ?? {}) as {
    name?: string;
    code?: unknown;
    message?: string;
  };
  if (name === 'ApprovalError' && typeof code === 'string')
    return json({ error: { code, message, kind: 'approval' } }, 409);
  return json({ error: { code: 'internal_error', message: 'the store daemon failed' } }, 500);
}

/**
 * `/local/*`: `GET health` (agent token), `GET decision?agent&tool&toolCallId&proposalHash`
 * (agent token: the allowed decision an `executed` record matches), `POST decide` (approver
 * token: `argseal approve`, with the approver it names) and `POST stop` (approver token).
 * Anything else is not local (undefined): the console answers it.
 */
export function localRoutes(deps: LocalRouteDeps): (req: Request) => Promise<Response | undefined> {
  return async (req) => {
    const url = new URL(req.url);
    if (!url.pathname.startsWith('/local/')) return undefined;
    const route = `${req.method} ${url.pathname.slice(7)}`;
    const approverRoute = route === 'POST decide' || route === 'POST stop';
    const token = approverRoute ? deps.state.approverToken : deps.state.agentToken;
    if (!bearerIs(req, token))
      return json({ error: { code: 'invalid_token', message: "not this daemon's token" } }, 401);
    try {
      if (route === 'GET health') return json({ pid: deps.state.pid });
      if (route === 'GET decision') {
        const q = url.searchParams;
        const ref = {
          agent: q.get('agent') ?? '',
          tool: q.get('tool') ?? '',
          toolCallId: q.get('toolCallId') ?? '',
          proposalHash: q.get('proposalHash') ?? '',
        };
        return json({ decision: (await findAllowedDecisionSql(deps.db, ref)) ?? null });
      }
      if (route === 'POST decide') {
        const body = (await req.json()) as { proposalHash?: unknown; input?: unknown };
        const grant = await deps.store.decide(body.proposalHash as string, body.input as never);
        return json({ grant });
      }
      if (route === 'POST stop') {
        setImmediate(deps.stop);
        return json({ stopping: true });
      }
      return json({ error: { code: 'not_found', message: 'no such route' } }, 404);
    } catch (error) {
      return failure(error);
    }
  };
}
