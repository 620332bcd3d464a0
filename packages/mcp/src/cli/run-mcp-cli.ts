import { parseArgs } from 'node:util';
import { checkConfig } from '../config/check-config.js';
import type { McpProxyConfig, McpServerConfig } from '../config/config-types.js';
import { loadConfig } from '../config/load-config.js';
import { openMcpStores } from '../config/open-stores.js';
import { McpSealError } from '../errors.js';
import { createMcpProxy } from '../relay/proxy.js';
import { serveHttp } from '../serve/serve-http.js';
import { serveStdio } from '../serve/serve-stdio.js';
import { runApproveCommand } from './approve-command.js';
import { MCP_CLI_EXIT, reportCliFailure } from './cli-failure.js';
import type { McpCliIo } from './cli-io.js';
import { pendingNotice } from './pending-notice.js';
import { runPinsCommand } from './pins-command.js';

/** Usage of `argseal mcp`. */
export const MCP_USAGE = `usage: argseal mcp [--config FILE] [--name NAME] [--http PORT] [--data-dir DIR | --database-url URL | --console-url URL] -- COMMAND [ARGS...]
       argseal mcp pins list|show|approve|reject [ID] [--approver NAME] [--status S] [--config FILE]
       argseal mcp approve [ID] [--reject] [--approver NAME] [--note TEXT] [--server NAME --all-definitions] [--config FILE]
`;

const OPTIONS = {
  config: { type: 'string' },
  name: { type: 'string' },
  http: { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  'console-url': { type: 'string' },
  approver: { type: 'string' },
  status: { type: 'string' },
  note: { type: 'string' },
  reject: { type: 'boolean' },
  server: { type: 'string' },
  'all-definitions': { type: 'boolean' },
} as const;

function withUpstream(
  config: McpProxyConfig,
  name: string | undefined,
  command: readonly string[],
): McpProxyConfig {
  if (command.length === 0) return config;
  const serverName =
    name ??
    (Object.keys(config.servers).length === 1 ? Object.keys(config.servers)[0]! : 'upstream');
  const base: McpServerConfig = config.servers[serverName] ?? {};
  return {
    ...config,
    servers: {
      ...config.servers,
      [serverName]: { ...base, command: command[0], args: command.slice(1) },
    },
  };
}

/**
 * `argseal mcp`: runs the sealing proxy (stdio by default, streamable HTTP with `--http`)
 * or the `pins` subcommand. Resolves with the exit status when the host disconnects: 0, 2 for
 * a pin refusal (`error: pins/<code> ...`), 64 for a usage, config or store-location error
 * (`error: usage/<code> ...`), 70 only for a bug (`error: internal/<code> (<name>)`).
 */
export async function runMcpCli(argv: readonly string[], io: McpCliIo): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true });
  } catch {
    io.stderr(MCP_USAGE);
    return MCP_CLI_EXIT.usage;
  }
  const { values, positionals } = parsed;
  try {
    const loaded = values.config ? await loadConfig(values.config) : checkConfig({ servers: {} });
    const config = withUpstream(loaded, values.name, command);
    const consoleUrl = values['console-url'] ?? config.store?.console?.url;
    const storeOptions = consoleUrl
      ? { console: { url: consoleUrl, tokenEnv: config.store?.console?.tokenEnv } }
      : storeFrom(values, config.store);
    if (positionals[0] === 'pins')
      return await runPinsCommand(positionals.slice(1), values, config, storeOptions, io);
    if (positionals[0] === 'approve')
      return await runApproveCommand(positionals.slice(1), values, config, storeOptions, io);
    if (positionals.length > 0 || Object.keys(config.servers).length === 0) {
      io.stderr(MCP_USAGE);
      return MCP_CLI_EXIT.usage;
    }
    const stores = await openMcpStores(storeOptions);
    const proxy = createMcpProxy({
      agent: config.agent,
      servers: Object.entries(config.servers).map(([name, c]) => ({ name, config: c })),
      approvals: stores.approvals,
      pins: stores.pins,
      audit: stores.audit,
      mode: config.mode,
      elicitationApprovers: config.approvers?.elicitation,
      onPendingDefinitions: (pending) => io.stderr(pendingNotice(pending)),
    });
    if (values.http !== undefined) {
      const port = Number(values.http);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new McpSealError('invalid_config', '--http needs a port');
      const running = await serveHttp(proxy, { port, maxMessageLength: config.maxMessageLength });
      io.stderr(`argseal mcp: streamable HTTP on ${running.url} (${stores.description})\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await running.close();
    } else {
      const relay = await serveStdio(proxy, { maxMessageLength: config.maxMessageLength });
      await new Promise<void>((resolve) => {
        const onClose = relay.host.onclose;
        relay.host.onclose = () => {
          onClose?.();
          resolve();
        };
      });
      await relay.close();
    }
    await stores.close();
    return 0;
  } catch (error) {
    return reportCliFailure(error, io);
  }
}

/**
 * Where the proxy keeps its stores: `--database-url`, then the config's `databaseUrl`, then
 * an explicit directory (`--data-dir` or the config's `dataDir`), and only then the
 * `DATABASE_URL` environment variable: an environment never overrides a directory the
 * command line or the config names.
 */
function storeFrom(
  values: { 'data-dir'?: string; 'database-url'?: string },
  store: { dataDir?: string; databaseUrl?: string } | undefined,
): { dataDir?: string; databaseUrl?: string } {
  const dataDir = values['data-dir'] ?? store?.dataDir;
  const databaseUrl =
    values['database-url'] ??
    store?.databaseUrl ??
    (dataDir === undefined ? process.env.DATABASE_URL : undefined);
  return {
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(databaseUrl !== undefined ? { databaseUrl } : {}),
  };
}
