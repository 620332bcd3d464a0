import { parseArgs } from 'node:util';
import { ArgsealError } from '@argseal/core';
import { initConsoleTokens } from '../init-tokens.js';
import { type RunningConsole, startConsole } from '../start-console.js';

/** Help text of `argseal console`, printed by `--help` and after a command-line error. */
export const CONSOLE_USAGE = `Usage: argseal console [options]

Starts the argseal approval console (web page + JSON API).

Options:
  --port N             port to listen on (default 7407; 0 = any free port)
  --host H             address to bind (default 127.0.0.1, loopback only)
  --data-dir DIR       embedded PGlite data directory (default .argseal)
  --database-url URL   use PostgreSQL instead (or set DATABASE_URL)
  --config FILE        JSON token file {"approvers":{...},"agents":{...}}
  --webhook-url URL    announce new pending calls to URL (https, or http to loopback); the
                       HMAC secret from ARGSEAL_CONSOLE_WEBHOOK_SECRET or the config file
  --webhook-format F   json (default) or slack
  --init               create the token file (--config FILE, default .argseal/console.json,
                       mode 0600, never overwritten), print the tokens once, and exit
  --approver NAMES     with --init: approver names, comma-separated (default alice)
  --agent NAMES        with --init: agent names, comma-separated (optional)
  -h, --help           show this help

Tokens: ARGSEAL_CONSOLE_TOKENS="alice:<token>,bob:<token>" (approvers, required)
        ARGSEAL_CONSOLE_AGENT_TOKENS="support-bot:<token>" (agents, optional)
There is no default token: the console refuses to start without one.
`;

/** Where {@link runConsoleCli} writes and reads; every field defaults to the real process. */
export interface ConsoleCliIo {
  /** Receives the banner and help text. Default: `process.stdout`. */
  stdout?: (text: string) => void;
  /** Receives errors and the non-loopback warning. Default: `process.stderr`. */
  stderr?: (text: string) => void;
  /** Environment for tokens, config file and `DATABASE_URL`. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Wait for SIGINT/SIGTERM and close (default true). Tests pass false and close themselves. */
  waitForSignal?: boolean;
  /**
   * How to run this console again from the current directory, printed by `--init` before
   * the tokens (default `argseal console`). The `argseal` command passes what works where it
   * runs, e.g. `node packages/cli/dist/bin.js console` in a checkout.
   */
  command?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

const names = (text: string | boolean | undefined, fallback: string[]): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : fallback;

/** `--init`: writes the token file and shows each token this once. */
async function init(
  values: Record<string, string | boolean | undefined>,
  out: (t: string) => void,
  err: (t: string) => void,
  command: string,
): Promise<{ code: number }> {
  let made: Awaited<ReturnType<typeof initConsoleTokens>>;
  try {
    made = await initConsoleTokens({
      file: values.config as string | undefined,
      approvers: names(values.approver, ['alice']),
      agents: names(values.agent, []),
    });
  } catch (error) {
    const code = ArgsealError.isInstance(error) ? ` [${error.code}]` : '';
    err(`argseal console: ${(error as Error).message}${code}\n`);
    return { code: 1 };
  }
  // the tokens come last, so nothing printed after them pushes them out of sight
  out(`Wrote ${made.file} (readable by you only).\n\n`);
  out(`Start the console:  ${command} --config ${made.file}\n`);
  out('Then open http://127.0.0.1:7407/ and paste an approver token to log in.\n\n');
  out('The tokens, shown this once (also in the file):\n');
  for (const [name, token] of Object.entries(made.approvers)) out(`  approver ${name}: ${token}\n`);
  for (const [name, token] of Object.entries(made.agents)) out(`  agent ${name}: ${token}\n`);
  return { code: 0 };
}

/**
 * `argseal console [--port N] [--host H] [--data-dir DIR] [--database-url URL] [--config FILE]`.
 * Returns the exit code (with `waitForSignal`, after a signal) and the running console.
 */
export async function runConsoleCli(
  argv: readonly string[],
  io: ConsoleCliIo = {},
): Promise<{ code: number; console?: RunningConsole }> {
  const out = io.stdout ?? ((t: string) => process.stdout.write(t));
  const err = io.stderr ?? ((t: string) => process.stderr.write(t));
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        config: { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-format': { type: 'string' },
        init: { type: 'boolean' },
        approver: { type: 'string' },
        agent: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    err(`argseal console: ${(error as Error).message}\n\n${CONSOLE_USAGE}`);
    return { code: 2 };
  }
  if (values.help) {
    out(CONSOLE_USAGE);
    return { code: 0 };
  }
  if (values.init) return init(values, out, err, io.command ?? 'argseal console');
  if (values.approver !== undefined || values.agent !== undefined) {
    err(`argseal console: --approver and --agent only go with --init\n\n${CONSOLE_USAGE}`);
    return { code: 2 };
  }
  const portText = values.port as string | undefined;
  const port =
    portText === undefined
      ? undefined
      : /^[0-9]{1,5}$/.test(portText)
        ? Number(portText)
        : Number.NaN;
  if (port !== undefined && !(port >= 0 && port <= 65535)) {
    err('argseal console: --port must be an integer from 0 to 65535\n');
    return { code: 2 };
  }
  const webhookFormat = values['webhook-format'] as string | undefined;
  if (webhookFormat !== undefined && webhookFormat !== 'json' && webhookFormat !== 'slack') {
    err('argseal console: --webhook-format must be json or slack\n');
    return { code: 2 };
  }
  if (webhookFormat !== undefined && values['webhook-url'] === undefined) {
    err('argseal console: --webhook-format goes with --webhook-url\n');
    return { code: 2 };
  }
  const webhookUrl = values['webhook-url'] as string | undefined;
  let running: RunningConsole;
  try {
    running = await startConsole({
      ...(webhookUrl !== undefined
        ? {
            webhook: {
              url: webhookUrl,
              ...(webhookFormat ? { format: webhookFormat as 'json' | 'slack' } : {}),
            },
          }
        : {}),
      port,
      host: values.host as string | undefined,
      dataDir: values['data-dir'] as string | undefined,
      databaseUrl: values['database-url'] as string | undefined,
      configFile: values.config as string | undefined,
      env: io.env ?? process.env,
    });
  } catch (error) {
    const code = ArgsealError.isInstance(error) ? ` [${error.code}]` : '';
    err(`argseal console: ${(error as Error).message}${code}\n`);
    return { code: 1 };
  }
  out(`argseal console listening on ${running.url}\n`);
  out(`  storage:   ${running.storage}\n`);
  out(`  approvers: ${running.approvers} token(s); log in at ${running.url}/login\n`);
  if (!LOOPBACK.has(running.host)) {
    err(`warning: bound to ${running.host}, reachable beyond this machine. Put it behind TLS.\n`);
  }
  if (io.waitForSignal === false) return { code: 0, console: running };
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await running.close();
  return { code: 0 };
}
