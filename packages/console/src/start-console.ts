import type { AddressInfo } from 'node:net';
import type { ApprovalStore, AuditSink } from '@argseal/core';
import { serve } from '@hono/node-server';
import { type ConsoleServerOptions, createConsoleServer } from './create-console-server.js';
import { ConsoleError } from './errors.js';
import { type ConsoleStorageOptions, openConsoleStorage } from './storage.js';
import { resolveConsoleTokens } from './token-config.js';
import { createTokenRegistry, type TokenInput } from './tokens.js';
import { checkWebhookUrl, type WebhookOptions, watchPending } from './webhook.js';

/** Address the console binds to by default: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/** Port the console listens on by default. */
export const DEFAULT_PORT = 7407;

/**
 * Options of {@link startConsole}: storage (see {@link ConsoleStorageOptions}), socket,
 * tokens and session settings. Tokens not given here are read from `env` and the config file.
 */
export interface StartConsoleOptions extends ConsoleStorageOptions {
  /** Default 7407; 0 picks a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1 (loopback only). */
  host?: string | undefined;
  /** Approver tokens; wins over `ARGSEAL_CONSOLE_TOKENS` and the config file. */
  tokens?: TokenInput | undefined;
  /** Agent tokens; wins over `ARGSEAL_CONSOLE_AGENT_TOKENS` and the config file. */
  agentTokens?: TokenInput | undefined;
  /** JSON file with `approvers` and `agents` (see README). */
  configFile?: string | undefined;
  /** Environment to read tokens, config file and DATABASE_URL from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** What an agent token may act for; see {@link ConsoleServerOptions.agentScope}. Default `own`. */
  agentScope?: 'own' | 'any';
  /** Browser session lifetime. Default eight hours. */
  sessionTtlMs?: number;
  /** Tools with informational fields; see {@link ConsoleServerOptions.tools}. */
  tools?: ConsoleServerOptions['tools'];
  /** UNSAFE opt-out; see {@link ConsoleServerOptions.trustAgentBindingHashes}. */
  trustAgentBindingHashes?: boolean;
  /** Announce new pending proposals to a webhook (HMAC-signed, retried); `consoleUrl` defaults to the console's own URL. */
  webhook?: Omit<WebhookOptions, 'consoleUrl'> & { consoleUrl?: string };
  /** Four-eyes groups; wins over the config file's `groups`. See {@link ConsoleServerOptions.approverGroups}. */
  approverGroups?: ConsoleServerOptions['approverGroups'];
  /** Use this store and sink instead of opening storage (both or neither). */
  store?: ApprovalStore;
  audit?: AuditSink;
  /** Tool-definition pins to serve with a provided store (opened storage brings its own). */
  pins?: ConsoleServerOptions['pins'];
}

/** A console started by {@link startConsole} and listening. */
export interface RunningConsole {
  /** Base URL, e.g. `http://127.0.0.1:7407` (IPv6 hosts in brackets). */
  url: string;
  /** The bound address. */
  host: string;
  /** The bound port (the real one when `0` was asked for). */
  port: number;
  /** The approval store the console serves. */
  store: ApprovalStore;
  /** The audit sink the console serves. */
  audit: AuditSink;
  /** Where data lives, for the startup banner. */
  storage: string;
  /** Number of approver tokens configured. */
  approvers: number;
  /** Stops listening, drops open connections, then closes storage. Idempotent. */
  close(): Promise<void>;
}

/** Starts the console on Node: tokens first (refuses without one), then storage, then the socket. */
export async function startConsole(options: StartConsoleOptions = {}): Promise<RunningConsole> {
  const env = options.env ?? process.env;
  const resolved = await resolveConsoleTokens({ ...options, env });
  const approvers = createTokenRegistry(resolved.tokens, 'approver');
  if (approvers.size === 0) {
    throw new ConsoleError(
      'no_approver_tokens',
      'refusing to start without an approver token: set ARGSEAL_CONSOLE_TOKENS="alice:<token of 16+ chars>" or pass --config FILE; there is no default token',
    );
  }
  if (options.webhook) checkWebhookUrl(options.webhook.url);
  if ((options.store === undefined) !== (options.audit === undefined)) {
    throw new ConsoleError('invalid_options', 'pass both store and audit, or neither');
  }
  const storage =
    options.store && options.audit
      ? {
          store: options.store,
          audit: options.audit,
          pins: options.pins,
          description: 'provided store',
          close: async () => {},
        }
      : await openConsoleStorage({
          ...options,
          databaseUrl: options.databaseUrl ?? env.DATABASE_URL,
        });
  const groups = options.approverGroups ?? resolved.groups;
  let app: ReturnType<typeof createConsoleServer>;
  try {
    app = createConsoleServer({
      store: storage.store,
      audit: storage.audit,
      pins: storage.pins,
      tokens: resolved.tokens!,
      agentTokens: resolved.agentTokens,
      ...(options.agentScope ? { agentScope: options.agentScope } : {}),
      ...(options.sessionTtlMs ? { sessionTtlMs: options.sessionTtlMs } : {}),
      ...(options.tools ? { tools: options.tools } : {}),
      ...(options.trustAgentBindingHashes ? { trustAgentBindingHashes: true } : {}),
      ...(groups ? { approverGroups: groups } : {}),
    });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const host = options.host ?? DEFAULT_HOST;
  const server = await new Promise<ReturnType<typeof serve>>((resolveServer, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? DEFAULT_PORT, hostname: host }, () =>
      resolveServer(s),
    );
    s.once('error', reject);
  }).catch(async (cause) => {
    await storage.close();
    throw new ConsoleError(
      'listen_failed',
      `cannot listen on ${host}:${options.port ?? DEFAULT_PORT}`,
      { cause },
    );
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const stopWebhook = options.webhook
    ? watchPending(storage.store, {
        ...options.webhook,
        consoleUrl: options.webhook.consoleUrl ?? `http://${urlHost}:${port}`,
      })
    : () => {};
  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    store: storage.store,
    audit: storage.audit,
    storage: storage.description,
    approvers: approvers.size,
    close() {
      stopWebhook();
      closed ??= new Promise<void>((done) => {
        server.close(() => done());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }).then(() => storage.close());
      return closed;
    },
  };
}
