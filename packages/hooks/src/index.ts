export { buildPolicy } from './config/build-policy.js';
export { type LoadedConfig, loadConfig } from './config/load-config.js';
export type {
  HookConfig,
  HookModuleConfig,
  HookRule,
  HostSettings,
  McpPresetOptions,
  StoreConfig,
  WakeConfig,
} from './config/types.js';
export { validateConfig } from './config/validate-config.js';
export { HookError, type HookErrorCode } from './errors.js';
export { type HookCall, type HookContext, parseHookInput } from './host/hook-input.js';
export { HOSTS, type HostName, isHostName } from './host/hosts.js';
export {
  MATERIAL_CONTEXT_KEYS,
  type MaterialContextKey,
} from './pipeline/material-context.js';
export { normalizePaths } from './pipeline/normalize-paths.js';
export type { ExecutedMatch } from './pipeline/record-executed.js';
export {
  DEFAULT_TIMEOUT_MS,
  HOOK_EXIT,
  type RunHookOptions,
  runHook,
} from './pipeline/run-hook.js';
export type { SealVerdict } from './pipeline/seal-call.js';
export { DEFAULT_AGENT, type HookEnvironment } from './pipeline/session-for.js';
export {
  type BashPresetOptions,
  compileBashPreset,
  NETWORK_COMMANDS,
} from './rules/bash-preset.js';
export type { RuleDecision } from './rules/decision.js';
export { compileFilePreset, type FilePresetOptions } from './rules/file-preset.js';
export { type ShellCommand, type ShellReading, shellCommands } from './rules/shell-commands.js';
export { matchesToolGlob } from './rules/tool-glob.js';
