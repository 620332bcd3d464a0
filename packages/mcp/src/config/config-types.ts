import type { ToolPolicy } from '@argseal/core';
import type { PolicyMode } from '@argseal/core/data';
import type { EgressOptions } from '@argseal/policies';

/** What a policy sees as `context` for an MCP call (server-side facts, never model input). */
export interface McpCallContext {
  /** The config's name of the upstream server. */
  server: string;
  /** The tool's name at the upstream. */
  tool: string;
  /** The pinned definition's annotations (hints from the server; trusted only if the config says so). */
  annotations: Readonly<Record<string, unknown>> | undefined;
  /** The host's self-reported `clientInfo` from initialize. */
  client: { name: string; version: string } | undefined;
}

/** A rule in the config: a constant decision or any argseal policy (e.g. from `@argseal/policies`). */
export type McpRule = 'allow' | 'deny' | 'require_approval' | ToolPolicy<McpCallContext>;

/** One upstream server. Give `command` (stdio child process) or `url` (streamable HTTP). */
export interface McpServerConfig {
  command?: string;
  args?: readonly string[];
  /** Extra environment for the child (on top of the SDK's safe default set). */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  url?: string;
  /** Rule for every tool of this server without its own entry in `tools`. */
  policy?: McpRule;
  /** Rules per upstream tool name. */
  tools?: Readonly<Record<string, McpRule>>;
  /**
   * Use the tools' annotations as defaults (readOnlyHint -> allow; destructiveHint not
   * false -> require approval; openWorldHint -> egress checks). Default false: hints from
   * an untrusted server are ignored and every tool without a rule requires approval.
   */
  trusted?: boolean;
  /** Egress options for openWorldHint tools of a trusted server. */
  egress?: EgressOptions;
  /**
   * First sight of a tool: `approve` (default) withholds it until an approver pins it;
   * `trust-first-use` pins it at once (audited as approver `argseal:first-use`). A changed
   * definition is always withheld until approved.
   */
  pinning?: 'approve' | 'trust-first-use';
}

/** Where the proxy keeps approvals, pins and audit (see {@link McpProxyConfig.store}). */
export interface McpStoreConfig {
  dataDir?: string;
  databaseUrl?: string;
  console?: { url: string; tokenEnv?: string };
}

/** The proxy's configuration (a JSON file, or a JS module's default export). */
export interface McpProxyConfig {
  /** Agent name: part of every proposal hash. Default `mcp`. */
  agent?: string;
  servers: Readonly<Record<string, McpServerConfig>>;
  /** Host `clientInfo.name`s whose elicitation answers count as approvals. Default none. */
  approvers?: { elicitation?: readonly string[] };
  /**
   * Where approvals, pins and audit live. Default an embedded PGlite in `.argseal/mcp`;
   * `databaseUrl` for PostgreSQL; `console` for a running `argseal console` over HTTP (its
   * agent API, with the agent token from the environment variable `tokenEnv`, default
   * `ARGSEAL_CONSOLE_TOKEN`).
   */
  store?: McpStoreConfig;
  /** Largest JSON-RPC message text accepted from the host (UTF-16 units). Default 4 MiB. */
  maxMessageLength?: number;
  mode?: PolicyMode;
}
