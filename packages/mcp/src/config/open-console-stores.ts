import type { ApprovalStore, AuditSink } from '@argseal/core';
import { McpSealError } from '../errors.js';
import type { ToolPinStore } from '../pins/types.js';

/** Default environment variable holding the console agent token. */
const DEFAULT_CONSOLE_TOKEN_ENV = 'ARGSEAL_CONSOLE_TOKEN';

interface ConsoleClients {
  createConsoleApprovalStore(o: { url: string; token: string }): ApprovalStore;
  createConsoleAuditSink(o: { url: string; token: string }): AuditSink;
  createConsolePinStore(o: { url: string; token: string }): ToolPinStore;
}

/**
 * Approvals, pins and audit in a running `argseal console`, over its agent API: the console
 * owns the database, so any number of proxies (and approvers in the browser) share it.
 * Needs `@argseal/console` installed.
 */
export async function openConsoleStores(
  options: { url: string; tokenEnv?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ approvals: ApprovalStore; pins: ToolPinStore; audit: AuditSink }> {
  const name = options.tokenEnv ?? DEFAULT_CONSOLE_TOKEN_ENV;
  const token = env[name];
  if (!token)
    throw new McpSealError('invalid_config', `the console store needs an agent token in $${name}`);
  const moduleName = '@argseal/console';
  let mod: ConsoleClients;
  try {
    mod = (await import(moduleName)) as ConsoleClients;
  } catch (cause) {
    throw new McpSealError(
      'store_unavailable',
      'install @argseal/console to use the console store',
      { cause },
    );
  }
  const client = { url: options.url, token };
  return {
    approvals: mod.createConsoleApprovalStore(client),
    pins: mod.createConsolePinStore(client),
    audit: mod.createConsoleAuditSink(client),
  };
}
