// Type-checks @argseal/policies composed into a core authorizer.
import { createAuthorizer, createMemoryApprovalStore, type ToolPolicy } from '@argseal/core';
import {
  allOf,
  alwaysAllow,
  egressPolicy,
  firstMatch,
  forTools,
  idsFromServerList,
  moneyLimit,
  named,
  PolicyConfigError,
  shadow,
} from '@argseal/policies';
import {
  PolicyConfigError as ComposeError,
  allOf as composeAll,
  firstMatch as composeFirst,
  type PolicyRule,
  withApprovals,
} from '@argseal/policies/compose';

interface Ctx {
  payees: string[];
}

const policy: ToolPolicy<Ctx> = firstMatch<Ctx>(
  forTools(
    ['transfer'],
    allOf(
      moneyLimit({ limits: { USD: { ceiling: 500_00, approvalAbove: 100_00 } } }),
      shadow(idsFromServerList<Ctx>({ paths: ['/payee'], list: (ctx) => ctx.payees })),
    ),
  ),
  forTools(['fetch_page'], named('egress', egressPolicy({ paths: ['/url'] }))),
  forTools(['search'], alwaysAllow()),
);

export const authorizer = createAuthorizer<Ctx>({
  agent: 'billing',
  approvals: createMemoryApprovalStore(),
  policy,
});

export function configCode(error: unknown): string | undefined {
  return PolicyConfigError.isInstance(error) ? error.code : undefined;
}

// `@argseal/policies/compose`: the combinators alone (the hook imports only these)
const rule: PolicyRule<Ctx> = { name: 'refund', tools: ['refund'], policy: alwaysAllow() };
export const composed: ToolPolicy<Ctx> = composeAll<Ctx>(
  composeFirst<Ctx>(rule),
  withApprovals(policy, { required: 2 }),
);
export const sameError: boolean = ComposeError === PolicyConfigError;
