import { createMemoryApprovalStore, createMemoryAuditLog, type JsonObject } from '@argseal/core';
import { canonicalize, sha256Hex, TOOL_DEFINITION_HASH_PREFIX } from '@argseal/core/data';
import { createSqlToolPinStore, openEmbeddedDatabase } from '@argseal/postgres';
import { createConsoleServer } from '../create-console-server.js';
import { AGENT, AGENT_NAME, ALICE, BOB, OTHER_AGENT } from './console-fixture.js';

/** The digest a proxy reports for a tool definition (pinned fields only). */
export async function digestOf(tool: JsonObject) {
  const definitionJson = canonicalize(tool);
  return {
    definitionJson,
    definitionHash: await sha256Hex(TOOL_DEFINITION_HASH_PREFIX + definitionJson),
  };
}

export const ECHO_V1: JsonObject = {
  name: 'echo',
  description: 'Echoes its arguments',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
};

/** A console with SQL pins in an in-memory PGlite, and request helpers. */
export async function pinConsole(options: { pins?: boolean } = {}) {
  const audit = createMemoryAuditLog();
  const db = options.pins === false ? undefined : await openEmbeddedDatabase();
  const pins = db ? createSqlToolPinStore(db, { audit }) : undefined;
  const app = createConsoleServer({
    store: createMemoryApprovalStore({ audit }),
    audit,
    pins,
    tokens: `alice:${ALICE},bob:${BOB}`,
    agentTokens: { [AGENT_NAME]: AGENT, 'other-bot': OTHER_AGENT },
  });
  async function request(
    method: string,
    path: string,
    init: {
      token?: string;
      cookie?: string;
      csrf?: string;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.Cookie = init.cookie;
    if (init.csrf) headers['X-Argseal-CSRF'] = init.csrf;
    if (init.body !== undefined && !headers['Content-Type'])
      headers['Content-Type'] = 'application/json';
    return app.request(`http://127.0.0.1:7407${path}`, {
      method,
      headers,
      ...(init.body !== undefined
        ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
        : {}),
    });
  }
  /** Reports a definition the way a proxy does (agent token). */
  async function observe(tool: JsonObject, server = 'fx') {
    const res = await request('POST', '/api/agent/pins/observe', {
      token: AGENT,
      body: { server, tool: tool.name, ...(await digestOf(tool)) },
    });
    if (res.status !== 200) throw new Error(`observe: ${res.status} ${await res.text()}`);
    return (await res.json()) as { record: { id: string; definitionHash: string; status: string } };
  }
  async function login(token = ALICE) {
    const res = await request('POST', '/api/session', { body: { token } });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return { cookie, csrf: csrfToken };
  }
  /** Pins and audit as JSON, to assert that a refused request changed nothing. */
  async function snapshot() {
    return JSON.stringify({
      pins: await pins?.list({ status: 'all' }),
      audit: await audit.records(),
    });
  }
  return {
    app,
    audit,
    pins,
    request,
    observe,
    login,
    snapshot,
    close: async () => db?.close(),
  };
}
