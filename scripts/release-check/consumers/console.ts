// Type-checks @argseal/console: starting the console and the agent-side HTTP store.
import type * as ConsoleRoot from '@argseal/console';
import {
  ConsoleError,
  createConsoleApprovalStore,
  createConsoleAuditSink,
  type RunningConsole,
  startConsole,
} from '@argseal/console';
import { CONSOLE_USAGE, type ConsoleCliIo, runConsoleCli } from '@argseal/console/cli';
import { createAuthorizer } from '@argseal/core';

export async function start(): Promise<RunningConsole> {
  return startConsole({
    port: 0,
    storage: 'memory',
    tokens: { alice: 'approver-token-0123456789' },
    agentTokens: { bot: 'agent-token-0123456789ab' },
  });
}

export function agentSide(url: string, token: string) {
  const approvals = createConsoleApprovalStore({ url, token, timeoutMs: 5_000 });
  const audit = createConsoleAuditSink({ url, token });
  return createAuthorizer({ agent: 'bot', policy: () => ({ type: 'allow' }), approvals, audit });
}

export function code(error: unknown): string | undefined {
  return ConsoleError.isInstance(error) ? error.code : undefined;
}

/** The command line and the server constants are not in the root entry. */
type CliInRoot = Extract<
  keyof typeof ConsoleRoot,
  'runConsoleCli' | 'CONSOLE_USAGE' | 'initConsoleTokens' | 'CSRF_HEADER' | 'SESSION_COOKIE'
>;
export const rootHasNoCli: [CliInRoot] extends [never] ? true : false = true;

/** `argseal console --help` through the /cli entry. */
export async function help(io: ConsoleCliIo): Promise<number> {
  const { code } = await runConsoleCli(['--help'], io);
  return code === 0 ? CONSOLE_USAGE.length : code;
}
