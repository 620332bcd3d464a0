import type { JsonValue, ToolPolicy, ToolPolicyInput } from '@argseal/core';
import { computeProposalHash } from '@argseal/core';
import { canonicalize, createSnapshot, parseStrictJson } from '@argseal/core/data';
import {
  egressPolicy,
  idsFromServerList,
  moneyLimit,
  requireServerScope,
  withApprovals,
} from '@argseal/policies';

/** The Cedar schema of the four scenarios (the README shows the same text). */
export const SCENARIO_SCHEMA = `entity Agent;
entity Tool;
action pay appliesTo {
  principal: Agent, resource: Tool,
  context: { args: { amount?: Long, currency?: String }, server: {} }
};
action get_invoice appliesTo {
  principal: Agent, resource: Tool,
  context: { args: { invoiceId?: String }, server: { invoiceIds?: Set<String> } }
};
action fetch_url appliesTo {
  principal: Agent, resource: Tool,
  context: { args: { url?: String }, server: {} }
};
action list_orders appliesTo {
  principal: Agent, resource: Tool,
  context: { args: { status?: String }, server: { tenant?: String } }
};
`;

/** The four scenarios in Cedar (the README shows the same text). */
export const SCENARIO_POLICIES = `// Money in minor units: USD up to 10000 allowed, up to 100000 with finance's approval.
@id("money-usd")
permit (principal, action == Action::"pay", resource)
when {
  context.args has amount && context.args has currency &&
  context.args.currency == "USD" && context.args.amount >= 0 && context.args.amount <= 10000
};

@id("money-usd-approval")
@approval("finance")
permit (principal, action == Action::"pay", resource)
when {
  context.args has amount && context.args has currency &&
  context.args.currency == "USD" && context.args.amount > 10000
};

@id("money-jpy")
permit (principal, action == Action::"pay", resource)
when {
  context.args has amount && context.args has currency &&
  context.args.currency == "JPY" && context.args.amount >= 0
};

@id("money-ceiling")
forbid (principal, action == Action::"pay", resource)
when {
  context.args has amount && context.args has currency &&
  ((context.args.currency == "USD" && context.args.amount > 100000) ||
   (context.args.currency == "JPY" && context.args.amount > 1000000))
};

// Ids: the invoice must be one the server listed for this session.
@id("invoice-listed")
permit (principal, action == Action::"get_invoice", resource)
when {
  context.args has invoiceId && context.server has invoiceIds &&
  context.server.invoiceIds.contains(context.args.invoiceId)
};

// Egress: one origin, https only.
@id("egress-api")
permit (principal, action == Action::"fetch_url", resource)
when {
  context.args has url &&
  (context.args.url == "https://api.example.com" ||
   context.args.url like "https://api.example.com/*")
};

// Scope comes from the server, never from the model (the schema has no tenant in args).
@id("orders")
permit (principal, action == Action::"list_orders", resource);

@id("scope-required")
forbid (principal, action == Action::"list_orders", resource)
unless { context.server has tenant };
`;

type Ctx = Record<string, unknown>;

/** The same four scenarios with the ready TypeScript policies of `@argseal/policies`. */
export function typescriptScenarios(): ToolPolicy<Ctx> {
  const byTool: Record<string, ToolPolicy<Ctx>> = {
    pay: withApprovals(
      moneyLimit<Ctx>({
        limits: { USD: { ceiling: 100000, approvalAbove: 10000 }, JPY: { ceiling: 1000000 } },
      }),
      { group: 'finance' },
    ),
    get_invoice: idsFromServerList<Ctx>({
      paths: ['/invoiceId'],
      list: (ctx) => ctx.invoiceIds as string[] | undefined,
    }),
    fetch_url: egressPolicy<Ctx>({
      paths: ['/url'],
      allowHosts: ['api.example.com'],
      protocols: ['https:'],
    }),
    list_orders: requireServerScope<Ctx>((ctx) => ctx.tenant),
  };
  return (input) => byTool[input.tool]!(input);
}

/** A policy input built the way the authorizer builds it: strict decode, snapshot, hash. */
export async function inputFor<C>(
  tool: string,
  rawArguments: string,
  context: C,
  agent = 'agent-1',
): Promise<ToolPolicyInput<C>> {
  const requested = parseStrictJson(rawArguments) as JsonValue;
  const snapshot = createSnapshot(requested) as JsonValue;
  const argsCanonicalJson = canonicalize(snapshot);
  return {
    agent,
    tool,
    toolCallId: 'call-1',
    rawArguments,
    requestedArguments: requested,
    parsedArguments: snapshot,
    argsCanonicalJson,
    proposalHash: await computeProposalHash({ agent, tool, argsCanonicalJson }),
    context,
  };
}
