import type { AddressInfo } from 'node:net';
import { type ApprovalStore, type AuditSink, assertKnownOptions } from '@argseal/core';
import { serve } from '@hono/node-server';
import { type ConsoleServerOptions, createConsoleServer } from './create-console-server.js';
import { ConsoleError } from './errors.js';
import { type ConsoleStorageOptions, openConsoleStorage } from './storage.js';
import { type ConfigWebhook, ENV_WEBHOOK_SECRET, resolveConsoleTokens } from './token-config.js';
import { createTokenRegistry, type TokenInput } from './tokens.js';
import {
  checkWebhookUrl,
  WEBHOOK_OPTION_KEYS,
  type WebhookOptions,
  watchPending,
} from './webhook.js';

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
  /**
   * Announce new pending proposals to a webhook (HMAC-signed, retried); `consoleUrl` defaults
   * to the console's own URL. Wins over the config file's `webhook`; a missing `secret` is
   * read from `ARGSEAL_CONSOLE_WEBHOOK_SECRET`, then the config file's webhook.
   */
  webhook?: Omit<WebhookOptions, 'consoleUrl' | 'secret'> & {
    consoleUrl?: string;
    secret?: string;
  };
  /** Four-eyes groups; wins over the config file's `groups`. See {@link ConsoleServerOptions.approverGroups}. */
  approverGroups?: ConsoleServerOptions['approverGroups'];
  /** Use this store and sink instead of opening storage (both or neither). */
  store?: ApprovalStore;
  audit?: AuditSink;
  /** Tool-definition pins to serve with a provided store (opened storage brings its own). */
  pins?: ConsoleServerOptions['pins'];
}

const START_OPTION_KEYS = [
  'storage',
  'dataDir',
  'databaseUrl',
  'port',
  'host',
  'tokens',
  'agentTokens',
  'configFile',
  'env',
  'agentScope',
  'sessionTtlMs',
  'tools',
  'trustAgentBindingHashes',
  'webhook',
  'approverGroups',
  'store',
  'audit',
  'pins',
];

/**
 * The webhook to run: the option's fields over the config file's; the secret from the
 * option, `ARGSEAL_CONSOLE_WEBHOOK_SECRET` or the config file. A URL without any secret is
 * `invalid_options` (an unsigned webhook could be forged by anyone who finds the receiver).
 */
function resolveWebhook(
  option: StartConsoleOptions['webhook'],
  config: ConfigWebhook | undefined,
  env: Readonly<Record<string, string | undefined>>,
): (Omit<WebhookOptions, 'consoleUrl'> & { consoleUrl?: string }) | undefined {
  if (option === undefined && config === undefined) return undefined;
  const merged = { ...config, ...option } as Partial<WebhookOptions>;
  const secret = option?.secret ?? (env[ENV_WEBHOOK_SECRET] || undefined) ?? config?.secret;
  if (typeof merged.url !== 'string')
    throw new ConsoleError('invalid_options', 'webhook: a url is required');
  checkWebhookUrl(merged.url);
  if (typeof secret !== 'string' || secret === '')
    throw new ConsoleError(
      'invalid_options',
      `webhook: a secret is required (option, ${ENV_WEBHOOK_SECRET} or the config file's webhook.secret)`,
    );
  if (merged.format !== undefined && merged.format !== 'json' && merged.format !== 'slack')
    throw new ConsoleError('invalid_options', 'webhook: format must be "json" or "slack"');
  return { ...merged, url: merged.url, secret };
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
  assertKnownOptions('startConsole', options, START_OPTION_KEYS);
  if (options.webhook !== undefined)
    assertKnownOptions('startConsole: webhook', options.webhook, WEBHOOK_OPTION_KEYS);
  const env = options.env ?? process.env;
  const resolved = await resolveConsoleTokens({ ...options, env });
  const approvers = createTokenRegistry(resolved.tokens, 'approver');
  if (approvers.size === 0) {
    throw new ConsoleError(
      'no_approver_tokens',
      'refusing to start without an approver token: set ARGSEAL_CONSOLE_TOKENS="alice:<token of 16+ chars>" or pass --config FILE; there is no default token',
    );
  }
  const webhook = resolveWebhook(options.webhook, resolved.webhook, env);
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
  const stopWebhook = webhook
    ? watchPending(storage.store, {
        ...webhook,
        consoleUrl: webhook.consoleUrl ?? `http://${urlHost}:${port}`,
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
