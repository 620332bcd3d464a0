/**
 * The MCP server of a tool named `mcp__<server>__<tool>`: the host's own label when it sends
 * one (Claude Code's `mcp_server.name`), else the text between `mcp__` and the next `__`.
 * Undefined for tools that are not MCP tools.
 */
export function mcpServerOf(tool: string, hostLabel: string | undefined): string | undefined {
  if (!tool.startsWith('mcp__')) return undefined;
  if (hostLabel) return hostLabel;
  const end = tool.indexOf('__', 5);
  return end < 0 ? tool.slice(5) : tool.slice(5, end);
}
