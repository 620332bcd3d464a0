export { allOf } from './compose/all-of.js';
export { alwaysAllow, alwaysDeny, alwaysRequireApproval } from './compose/constant.js';
export { decidedBy, shadowEntries } from './compose/decided-by.js';
export { firstMatch, forTools, type PolicyRule, when } from './compose/first-match.js';
export { named } from './compose/named.js';
export { shadow } from './compose/shadow.js';
export { type WithApprovalsOptions, withApprovals } from './compose/with-approvals.js';
export {
  type CompiledEgressOptions,
  checkEgress,
  compileEgressOptions,
  DEFAULT_MAX_URL_LENGTH,
  type EgressOptions,
  type EgressResolver,
  type EgressResult,
} from './egress/check-egress.js';
export { type AddressClass, classifyAddress } from './egress/classify-address.js';
export { type EgressPolicyOptions, egressPolicy } from './egress/egress-policy.js';
export { INTERNAL_SUFFIXES, METADATA_HOSTNAMES } from './egress/hostnames.js';
export type { AddressReason, EgressReason } from './egress/reasons.js';
export { PolicyConfigError, type PolicyConfigErrorCode } from './errors.js';
export {
  type IdsFromServerListOptions,
  type IdsReason,
  idsFromServerList,
  type ServerId,
} from './ids/ids-from-server-list.js';
export {
  type CurrencyLimit,
  type MoneyLimitOptions,
  type MoneyLimitReason,
  moneyLimit,
} from './money/money-limit.js';
export { POLICY_REASON_MESSAGES } from './reason-messages.js';
export {
  type NormalizeUnicodeOptions,
  normalizeUnicode,
  type UnicodeForm,
} from './rewrite/normalize-unicode.js';
export { requireServerScope } from './scope/require-server-scope.js';
export type { JsonSchemaObject } from './scope/schema-inspect.js';
export {
  assertNoScopeFields,
  DEFAULT_SCOPE_FIELDS,
  findScopeFields,
  findScopeFieldsInJsonSchema,
  type ScopeFieldOptions,
} from './scope/scope-fields.js';
export {
  defineScopedTool,
  readServerScope,
  type ScopedExecutionContext,
  type ScopedToolDefinition,
  type ScopedToolOptions,
  type ScopeReader,
} from './scope/scoped-tool.js';
export type { UnicodeFinding, UnicodeReason } from './unicode/unicode-findings.js';
export { type UnicodeGuardOptions, unicodeGuard } from './unicode/unicode-guard.js';
