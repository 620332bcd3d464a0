export { checkConfig } from './check-config.js';
export type { McpCliIo } from './cli-io.js';
export type {
  McpCallContext,
  McpProxyConfig,
  McpRule,
  McpServerConfig,
  McpStoreConfig,
} from './config-types.js';
export { DEFAULT_MAX_MESSAGE_LENGTH } from './decode-message.js';
export { type DefinitionDigest, digestDefinition, PINNED_FIELDS } from './definition-hash.js';
export { McpSealError, type McpSealErrorCode } from './errors.js';
export { loadConfig } from './load-config.js';
export { DEFAULT_MCP_DATA_DIR, type McpStores, openMcpStores } from './open-stores.js';
export { createMemoryPinStore, type PinStoreOptions } from './pins/memory-pin-store.js';
export { sqlPinStore } from './pins/sql-pin-store.js';
export type {
  ListPinsFilter,
  ObserveResult,
  PinDecisionInput,
  PinStatus,
  ToolDefinitionRecord,
  ToolKey,
  ToolPinStore,
} from './pins/types.js';
export { createMcpProxy, type McpProxy, type McpProxyOptions, type ProxyServer } from './proxy.js';
export type { McpRefusalCode } from './refusal-code.js';
export { type CallRefusal, REFUSAL_META_KEY, type RefusalStage } from './refusal-result.js';
export type { McpRelay } from './relay.js';
export { MCP_USAGE, runMcpCli } from './run-mcp-cli.js';
export { type RunningHttpProxy, type ServeHttpOptions, serveHttp } from './serve-http.js';
export { type ServeStdioOptions, serveStdio } from './serve-stdio.js';
export { FIRST_USE_APPROVER } from './tool-catalog.js';
