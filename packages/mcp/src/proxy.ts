import {
  type ApprovalStore,
  type AuditSink,
  assertKnownOptions,
  createMemoryApprovalStore,
} from '@argseal/core';
import type { PolicyMode } from '@argseal/core/kit';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from './config-types.js';
import type { HostConnection } from './host-connection.js';
import { createMemoryPinStore } from './pins/memory-pin-store.js';
import type { ToolPinStore } from './pins/types.js';
import { McpRelay } from './relay.js';
import { createSealer, type Sealer } from './sealed-call.js';
import { Upstream } from './upstream.js';
import { upstreamTransport } from './upstream-transport.js';

/** One upstream server of the proxy; `transport` overrides the one built from `config`. */
export interface ProxyServer {
  name: string;
  config: McpServerConfig;
  transport?: () => Transport;
}

/** Options of {@link createMcpProxy}. */
export interface McpProxyOptions {
  /** Part of every proposal hash. Default `mcp`. */
  agent?: string;
  servers: readonly ProxyServer[];
  /** Default: an in-memory store (grants are lost on exit). */
  approvals?: ApprovalStore;
  /** Default: an in-memory pin store. */
  pins?: ToolPinStore;
  audit?: AuditSink;
  mode?: PolicyMode;
  /** Host `clientInfo.name`s whose elicitation answers count as approvals. */
  elicitationApprovers?: readonly string[];
  pinPollMs?: number;
}

/** A configured proxy: connect it to one host connection at a time (stdio, or one HTTP session). */
export interface McpProxy {
  readonly agent: string;
  readonly approvals: ApprovalStore;
  readonly pins: ToolPinStore;
  readonly audit: AuditSink | undefined;
  /** Starts fresh upstream connections and relays `host` to them. */
  connect(host: HostConnection): Promise<McpRelay>;
}

/**
 * The sealing proxy between an MCP host and its upstream servers (see the README):
 * policy, approvals bound to proposal hashes and tool-definition pins shared by every
 * host connection it serves.
 */
export function createMcpProxy(options: McpProxyOptions): McpProxy {
  assertKnownOptions('createMcpProxy', options, [
    'agent',
    'servers',
    'approvals',
    'pins',
    'audit',
    'mode',
    'elicitationApprovers',
    'pinPollMs',
  ]);
  const agent = options.agent ?? 'mcp';
  const approvals = options.approvals ?? createMemoryApprovalStore({ audit: options.audit });
  const pins = options.pins ?? createMemoryPinStore({ audit: options.audit });
  const sealer: Sealer = createSealer({
    agent,
    approvals,
    audit: options.audit,
    mode: options.mode,
  });
  return {
    agent,
    approvals,
    pins,
    audit: options.audit,
    async connect(host) {
      const servers = options.servers.map((s) => ({
        name: s.name,
        config: s.config,
        upstream: new Upstream(
          s.name,
          s.transport ? s.transport() : upstreamTransport(s.name, s.config),
        ),
      }));
      const relay = new McpRelay(host, {
        agent,
        servers,
        pins,
        sealer,
        audit: options.audit,
        elicitationApprovers: options.elicitationApprovers,
        pinPollMs: options.pinPollMs,
      });
      await relay.start();
      return relay;
    },
  };
}
