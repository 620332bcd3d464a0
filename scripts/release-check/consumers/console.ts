// Type-checks @argseal/console: starting the console and the agent-side HTTP store.

import {
  ConsoleError,
  createConsoleApprovalStore,
  createConsoleAuditSink,
  type RunningConsole,
  startConsole,
} from '@argseal/console';
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
