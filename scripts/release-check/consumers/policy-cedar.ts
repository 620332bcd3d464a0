// Type-checks @argseal/policy-cedar composed into a core authorizer.
import { createAuthorizer, createMemoryApprovalStore, type ToolPolicy } from '@argseal/core';
import {
  CedarPolicyError,
  type CedarPolicyErrorCode,
  type CedarReason,
  cedarPolicy,
  cedarSchemaFromTools,
  cedarSchemaText,
  toCedarValue,
} from '@argseal/policy-cedar';

interface Ctx {
  tenant?: string;
}

const schema = cedarSchemaText(
  cedarSchemaFromTools(
    [{ name: 'pay', inputSchema: { type: 'object', properties: { amount: { type: 'integer' } } } }],
    { server: { type: 'object', properties: { tenant: { type: 'string' } } } },
  ),
);
const policy: ToolPolicy<Ctx> = cedarPolicy<Ctx>({
  policies: '@id("pay") permit (principal, action == Action::"pay", resource);',
  schema,
  context: (ctx) => (ctx.tenant === undefined ? {} : { tenant: ctx.tenant }),
  resource: (input) => ({ type: 'Tool', id: input.tool }),
});

export const authorizer = createAuthorizer<Ctx>({
  agent: 'billing',
  approvals: createMemoryApprovalStore(),
  policy,
});
export const code: CedarPolicyErrorCode | undefined = CedarPolicyError.isInstance(null)
  ? 'cedar_syntax_error'
  : undefined;
export const reason: CedarReason = 'cedar_no_permit';
export const mapped = toCedarValue({ amount: 5 });
