/** Options of console mode: where the console is, the agent token, how long to wait. */
export interface ConsoleModeOptions {
  /** The console's base URL, e.g. `http://127.0.0.1:7407`. */
  url: string;
  /** This agent's token, listed as `support-agent:<token>` in the console's ARGSEAL_CONSOLE_AGENT_TOKENS. */
  token: string;
  /** How long to wait for a decision. Default 5 minutes. */
  timeoutMs: number;
  /** How often to ask the console. Default every second. */
  pollMs: number;
}

/** The agent name the example runs as; the console's agent token must be listed under it. */
export const CONSOLE_AGENT = 'support-agent';
const DEFAULT_TIMEOUT_SECONDS = 300;

export const USAGE = `usage: pnpm start [--console URL] [--timeout SECONDS]

  (no flags)          offline: scripted model, in-memory approval store
  --console URL       pause for approval in an argseal console (env ARGSEAL_CONSOLE_URL);
                      the agent token comes from ARGSEAL_CONSOLE_AGENT_TOKEN and must be listed
                      as ${CONSOLE_AGENT}:<token> in the console's ARGSEAL_CONSOLE_AGENT_TOKENS
  --timeout SECONDS   how long to wait for a decision (env ARGSEAL_CONSOLE_TIMEOUT, default ${DEFAULT_TIMEOUT_SECONDS})`;

/** A bad command line or environment: main prints it with the usage and exits 2. */
export class ExampleUsageError extends Error {
  override name = 'ExampleUsageError';
}

type Env = Readonly<Record<string, string | undefined>>;

function seconds(text: string, source: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value > 0)) {
    throw new ExampleUsageError(`${source} must be a positive number of seconds`);
  }
  return Math.round(value * 1000);
}

/**
 * Reads `--console URL` / `--console=URL` / ARGSEAL_CONSOLE_URL and friends. Returns
 * undefined for the default offline mode. A lone `--` (as `pnpm start -- --console URL`
 * passes it) is ignored; anything unknown is refused, so a typo never runs offline silently.
 */
export function parseConsoleMode(
  argv: readonly string[],
  env: Env = process.env,
): ConsoleModeOptions | undefined {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') continue;
    const match = /^--(console|timeout)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new ExampleUsageError(`unknown argument ${JSON.stringify(arg)}`);
    const name = match[1] as string;
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '' || (match[2] === undefined && value.startsWith('--'))) {
      throw new ExampleUsageError(`--${name} needs a value`);
    }
    flags.set(name, value);
  }
  const url = flags.get('console') ?? (env.ARGSEAL_CONSOLE_URL || undefined);
  if (url === undefined) {
    if (flags.has('timeout')) throw new ExampleUsageError('--timeout needs --console URL');
    return undefined;
  }
  const token = env.ARGSEAL_CONSOLE_AGENT_TOKEN ?? '';
  if (token === '') {
    throw new ExampleUsageError(
      `console mode needs ARGSEAL_CONSOLE_AGENT_TOKEN: the token listed as ${CONSOLE_AGENT}:<token> in the console's ARGSEAL_CONSOLE_AGENT_TOKENS`,
    );
  }
  const timeout = flags.get('timeout');
  const timeoutMs =
    timeout !== undefined
      ? seconds(timeout, '--timeout')
      : env.ARGSEAL_CONSOLE_TIMEOUT
        ? seconds(env.ARGSEAL_CONSOLE_TIMEOUT, 'ARGSEAL_CONSOLE_TIMEOUT')
        : DEFAULT_TIMEOUT_SECONDS * 1000;
  return { url, token, timeoutMs, pollMs: 1000 };
}
