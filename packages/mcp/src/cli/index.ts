// `@argseal/mcp/cli`: the `argseal mcp` command line (argv parser, usage text, `pins` and
// `approve`). An application builds a proxy with `createMcpProxy` from the package root.
export type { McpCliIo } from './cli-io.js';
export { MCP_USAGE, runMcpCli } from './run-mcp-cli.js';
