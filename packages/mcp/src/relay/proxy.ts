import {
  type ApprovalStore,
  type AuditSink,
  assertKnownOptions,
  createMemoryApprovalStore,
} from '@argseal/core';
import type { PolicyMode } from '@argseal/core/data';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from '../config/config-types.js';
import { createMemoryPinStore } from '../pins/memory-pin-store.js';
import type { ToolPinStore } from '../pins/types.js';
import type { HostTransport } from '../transport/host-transport.js';
import { Upstream } from '../transport/upstream.js';
import { upstreamTransport } from '../transport/upstream-transport.js';
import { McpRelay } from './relay.js';
import { createSealer, type Sealer } from './sealed-call.js';
import type { PendingDefinition } from './tool-lists.js';

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
  /**
   * How often a call waiting for approval as an MCP task (SEP-2848, hosts that declare the
   * Tasks extension) looks at its proposal. Default 500 ms.
   */
  approvalTaskPollMs?: number;
  /** Told when tool definitions wait for an approver; `argseal mcp` prints them on stderr. */
  onPendingDefinitions?: (pending: readonly PendingDefinition[]) => void;
}

/** A configured proxy: connect it to one host connection at a time (stdio, or one HTTP session). */
export interface McpProxy {
  readonly agent: string;
  readonly approvals: ApprovalStore;
  readonly pins: ToolPinStore;
  readonly audit: AuditSink | undefined;
  /** The configured upstream servers' names: each connection starts one upstream per name. */
  readonly serverNames: readonly string[];
  /** Starts fresh upstream connections and relays the host on `transport` to them. */
  connect(transport: HostTransport): Promise<McpRelay>;
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
    'approvalTaskPollMs',
    'onPendingDefinitions',
  ] satisfies readonly (keyof McpProxyOptions)[]);
  for (const [i, server] of (Array.isArray(options.servers) ? options.servers : []).entries()) {
    assertKnownOptions(`createMcpProxy servers[${i}]`, server, [
      'name',
      'config',
      'transport',
    ] satisfies readonly (keyof ProxyServer)[]);
  }
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
    serverNames: options.servers.map((s) => s.name),
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
        approvalTaskPollMs: options.approvalTaskPollMs,
        onPendingDefinitions: options.onPendingDefinitions,
      });
      await relay.start();
      return relay;
    },
  };
}
