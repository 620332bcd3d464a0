export {
  type CedarConfigEntry,
  type CedarConfigOptions,
  cedarPolicyFromConfig,
  isCedarConfigEntry,
} from './cedar-config.js';
export { type CedarEntityRef, type CedarPolicyOptions, cedarPolicy } from './cedar-policy.js';
export type { CedarReason } from './decision.js';
export { CedarPolicyError, type CedarPolicyErrorCode } from './errors.js';
export { cedarPolicyIds } from './policy-set.js';
export {
  type CedarSchemaFromToolsOptions,
  cedarSchemaFromTools,
  cedarSchemaText,
  type ToolJsonSchema,
} from './schema-from-tools.js';
export { type CedarValue, toCedarValue } from './to-cedar-value.js';
