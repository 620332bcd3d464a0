export { checkConfig } from './config/check-config.js';
export type {
  McpCallContext,
  McpProxyConfig,
  McpRule,
  McpServerConfig,
  McpStoreConfig,
} from './config/config-types.js';
export { loadConfig } from './config/load-config.js';
export { DEFAULT_MCP_DATA_DIR, type McpStores, openMcpStores } from './config/open-stores.js';
export { McpSealError, type McpSealErrorCode } from './errors.js';
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
export type { McpRefusalCode } from './refusal-code.js';
export {
  createMcpProxy,
  type McpProxy,
  type McpProxyOptions,
  type ProxyServer,
} from './relay/proxy.js';
export { type CallRefusal, REFUSAL_META_KEY, type RefusalStage } from './relay/refusal-result.js';
export type { McpRelay } from './relay/relay.js';
export { FIRST_USE_APPROVER } from './relay/tool-catalog.js';
export type { PendingDefinition } from './relay/tool-lists.js';
export { type DefinitionDigest, digestDefinition, PINNED_FIELDS } from './seal/definition-hash.js';
export { MCP_REASON_MESSAGES } from './seal/reason-messages.js';
export { type RunningHttpProxy, type ServeHttpOptions, serveHttp } from './serve/serve-http.js';
export { type ServeStdioOptions, serveStdio } from './serve/serve-stdio.js';
export { DEFAULT_MAX_MESSAGE_LENGTH } from './transport/decode-message.js';
