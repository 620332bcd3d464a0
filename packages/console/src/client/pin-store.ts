import type { ToolPinRecord } from '@argseal/postgres';
import { ConsoleError } from '../errors.js';
import type { ConsolePinStore } from '../pins/pin-errors.js';
import { FIRST_USE_APPROVER } from '../routes-pins-agent.js';
import { type ConsoleClientOptions, createConsoleRequest } from './http-client.js';

const path = (id: string) => `/api/agent/pins/${encodeURIComponent(id)}`;

/**
 * A tool-definition pin store backed by a running console over HTTP (the agent API), for
 * `@argseal/mcp` proxies in other processes: they report what upstreams list, approvers
 * decide changed definitions in the console. `decide` only pins a tool on first use
 * (approver `argseal:first-use`, for `pinning: 'trust-first-use'`); any other decision is
 * `ConsoleError` `forbidden_role`, because only approvers decide, in the console.
 */
export function createConsolePinStore(options: ConsoleClientOptions): ConsolePinStore {
  const request = createConsoleRequest(options);
  return {
    async observe(key, definition) {
      const body = { ...key, ...definition };
      const out = (await request('POST', '/api/agent/pins/observe', body)) as {
        record: ToolPinRecord;
        pinned?: ToolPinRecord;
        changed: boolean;
      };
      return { record: out.record, pinned: out.pinned ?? undefined, changed: out.changed };
    },
    async decide(id, input) {
      if (input?.decision !== 'approve' || input.approver !== FIRST_USE_APPROVER)
        throw new ConsoleError(
          'forbidden_role',
          'approvers decide tool definitions in the console',
        );
      return ((await request('POST', `${path(id)}/first-use`, {})) as { pin: ToolPinRecord }).pin;
    },
    async get(id) {
      try {
        return ((await request('GET', path(id))) as { pin: ToolPinRecord }).pin;
      } catch (error) {
        if (ConsoleError.isInstance(error) && error.code === 'pin_not_found') return undefined;
        throw error;
      }
    },
    async list(filter = {}) {
      const q = new URLSearchParams();
      if (filter.status) q.set('status', filter.status);
      if (filter.server !== undefined) q.set('server', filter.server);
      if (filter.limit !== undefined) q.set('limit', String(filter.limit));
      const s = q.toString();
      const { pins } = (await request('GET', `/api/agent/pins${s ? `?${s}` : ''}`)) as {
        pins: ToolPinRecord[];
      };
      return filter.agent === undefined ? pins : pins.filter((p) => p.agent === filter.agent);
    },
  };
}
