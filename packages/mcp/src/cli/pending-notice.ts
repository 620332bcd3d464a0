import type { PendingDefinition } from '../relay/tool-lists.js';

/**
 * What `argseal mcp` prints on stderr when tool definitions wait for an approver (a first
 * run without pins, or a server that changed a tool): how many per server, their ids, and
 * the commands that show and approve them.
 */
export function pendingNotice(pending: readonly PendingDefinition[]): string {
  const servers = [...new Set(pending.map((p) => p.server))];
  const lines = [
    `argseal mcp: ${pending.length} tool definition(s) wait for approval; the host does not see them until approved.`,
  ];
  for (const server of servers) {
    const of = pending.filter((p) => p.server === server);
    lines.push(`  server "${server}": ${of.map((p) => `${p.tool} (${p.id})`).join(', ')}`);
    lines.push(
      `  show them: argseal approve --mcp; approve all of "${server}" after reading them: argseal approve --mcp --server ${server} --all-definitions`,
    );
  }
  return `${lines.join('\n')}\n`;
}
