// `@argseal/policies/compose`: the combinators alone, without the egress, money, scope and
// Unicode policies (and their dependencies), for processes that start per call.

export { PolicyConfigError, type PolicyConfigErrorCode } from '../errors.js';
export { allOf } from './all-of.js';
export { alwaysAllow, alwaysDeny, alwaysRequireApproval } from './constant.js';
export { decidedBy, shadowEntries } from './decided-by.js';
export { firstMatch, forTools, type PolicyRule, when } from './first-match.js';
export { named } from './named.js';
export { shadow } from './shadow.js';
export { type WithApprovalsOptions, withApprovals } from './with-approvals.js';
