import {
  type ApprovalStore,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  type MemoryAuditLog,
} from '@argseal/core';
import { z } from 'zod';
import { createConsoleServer } from '../create-console-server.js';

export const ALICE = 'alice-token-0123456789abcdef';
export const BOB = 'bob-token-0123456789abcdef';
export const CAROL = 'carol-token-0123456789abcdef';
export const AGENT = 'bot-token-0123456789abcdef';
export const OTHER_AGENT = 'other-bot-token-0123456789';
export const AGENT_NAME = 'support-bot';

export interface RequestInit2 {
  token?: string;
  cookie?: string;
  csrf?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A refund tool whose policy always asks for approval; `executed` records what ran. */
export function refundTool(executed: unknown[]) {
  return defineTool({
    name: 'refund',
    description: 'Refund an order',
    schema: z.object({ orderId: z.string(), amount: z.number(), memo: z.string().optional() }),
    execute: (input) => {
      executed.push(input);
      return { refunded: input.amount };
    },
  });
}

export function makeConsole(
  options: {
    agentScope?: 'own' | 'any';
    now?: () => Date;
    approverGroups?: Readonly<Record<string, readonly string[]>>;
  } = {},
) {
  const audit: MemoryAuditLog = createMemoryAuditLog();
  const store: ApprovalStore = createMemoryApprovalStore({
    audit,
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createConsoleServer({
    store,
    audit,
    tokens: `alice:${ALICE},bob:${BOB},carol:${CAROL}`,
    agentTokens: { [AGENT_NAME]: AGENT, 'other-bot': OTHER_AGENT },
    ...(options.agentScope ? { agentScope: options.agentScope } : {}),
    ...(options.approverGroups ? { approverGroups: options.approverGroups } : {}),
  });
  const executed: unknown[] = [];
  const tool = refundTool(executed);
  const authorizer = createAuthorizer({
    agent: AGENT_NAME,
    policy: () => ({ type: 'require_approval', reason: 'refunds need a person' }),
    approvals: store,
    audit,
  });

  async function request(method: string, path: string, init: RequestInit2 = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.Cookie = init.cookie;
    if (init.csrf) headers['X-Argseal-CSRF'] = init.csrf;
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) body = JSON.stringify(init.body);
    if (
      body !== undefined &&
      !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    ) {
      headers['Content-Type'] = 'application/json';
    }
    return app.request(`http://127.0.0.1:7407${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  }

  /** Creates a pending proposal the way an agent would: an authorizer call that suspends. */
  async function pending(args: Record<string, unknown> = { orderId: 'o-1', amount: 120 }) {
    const outcome = await authorizer.call(tool, JSON.stringify(args), {
      toolCallId: `call-${Math.random()}`,
    });
    if (outcome.status !== 'suspended')
      throw new Error(`expected suspended, got ${outcome.status}`);
    return outcome.proposal;
  }

  /** Everything observable in store and audit, to assert that a refused request changed nothing. */
  async function snapshot(): Promise<string> {
    const proposals = await store.listProposals({ status: 'all' });
    const peeks = await Promise.all(proposals.map((p) => store.peek(p.bindingHash)));
    return JSON.stringify({ proposals, peeks, audit: await audit.records() });
  }

  async function login(token = ALICE): Promise<{ cookie: string; csrf: string }> {
    const res = await request('POST', '/api/session', { body: { token } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return { cookie, csrf: csrfToken };
  }

  return { app, store, audit, authorizer, tool, executed, request, pending, snapshot, login };
}

export async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res.json()) as { error?: { code?: string } };
  return body.error?.code;
}
