import { approveCommand } from './approve.js';
import { auditCommand } from './audit.js';
import { canonicalizeCommand } from './canonicalize.js';
import { consoleCommand } from './console.js';
import { hashCommand } from './hash.js';
import { hookCommand } from './hook.js';
import { mcpCommand } from './mcp.js';
import { policyCommand } from './policy.js';
import type { CliCommand } from './types.js';

/** Every `argseal` subcommand, in help order. Add a command: one file, one line here. */
export const COMMANDS: readonly CliCommand[] = [
  canonicalizeCommand,
  hashCommand,
  consoleCommand,
  auditCommand,
  mcpCommand,
  hookCommand,
  approveCommand,
  policyCommand,
];

export function findCommand(name: string): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}
