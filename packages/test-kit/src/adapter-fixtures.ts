/**
 * Tools, policy and bookkeeping shared by the adapter conformance suite.
 * `lookup` is allowed, `refund` needs approval above 50 minor units,
 * `wipe` is always denied. Every tool records a deep copy of its input and counts
 * how often its schema was parsed.
 */
import {
  type ArgsealTool,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  type RewriteHook,
  type ToolPolicy,
} from '@argseal/core';
import type { AdapterSessionInit, HarnessJson } from './adapter-harness.js';

export const SUITE_AGENT = 'conformance-agent';
/** Refunds above this many minor units need approval. */
export const REFUND_APPROVAL_THRESHOLD = 50;
export const WIPE_DENY_REASON = 'destructive operations are forbidden';
export const REFUND_APPROVAL_REASON = 'refund above threshold';

interface Execution {
  tool: string;
  toolCallId: string;
  proposalHash: string;
  input: HarnessJson;
}

type Obj = Record<string, unknown>;
type Check = (value: Obj) => string | undefined;

/** A tiny Standard Schema (no dependency on zod) that counts its parses. */
function countingSchema(
  counter: Map<string, number>,
  tool: string,
  check: Check,
): ArgsealTool<Obj>['schema'] {
  return {
    '~standard': {
      version: 1,
      vendor: 'argseal-test-kit',
      validate(value: unknown) {
        counter.set(tool, (counter.get(tool) ?? 0) + 1);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return { issues: [{ message: 'expected an object' }] };
        }
        const problem = check(value as Obj);
        if (problem !== undefined) return { issues: [{ message: problem, path: [problem] }] };
        // Output a new object (like zod does), never the input itself.
        return { value: { ...(value as Obj) } };
      },
    },
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/** Everything one conformance test works with. */
export interface SuiteWorld {
  init: AdapterSessionInit;
  executions: Execution[];
  parses: Map<string, number>;
  tools: { lookup: ArgsealTool; refund: ArgsealTool; wipe: ArgsealTool };
}

export interface WorldOptions {
  rewrite?: readonly RewriteHook[];
  /** When set, `refund` mutates its input while executing. */
  mutateInput?: boolean;
}

function suitePolicy(): ToolPolicy {
  return ({ tool, parsedArguments }) => {
    if (tool === 'wipe') return { type: 'deny', reason: WIPE_DENY_REASON };
    if (tool === 'refund') {
      const amount = (parsedArguments as Obj).amount;
      if (!isInt(amount)) return { type: 'deny', reason: 'amount must be an integer' };
      return amount > REFUND_APPROVAL_THRESHOLD
        ? { type: 'require_approval', reason: REFUND_APPROVAL_REASON }
        : { type: 'allow' };
    }
    if (tool === 'lookup') return { type: 'allow' };
    return { type: 'deny', reason: 'unknown tool' };
  };
}

export function createWorld(options: WorldOptions = {}): SuiteWorld {
  const executions: Execution[] = [];
  const parses = new Map<string, number>();
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const record = (
    tool: string,
    input: unknown,
    ctx: { toolCallId: string; proposalHash: string },
  ) => {
    executions.push({
      tool,
      toolCallId: ctx.toolCallId,
      proposalHash: ctx.proposalHash,
      input: structuredClone(input) as HarnessJson,
    });
  };
  const lookup = defineTool({
    name: 'lookup',
    description: 'Look up an order',
    schema: countingSchema(parses, 'lookup', (v) => (isString(v.orderId) ? undefined : 'orderId')),
    execute: (input, ctx) => {
      record('lookup', input, ctx);
      return { orderId: input.orderId, status: 'shipped' };
    },
  });
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order, amount in integer minor units',
    schema: countingSchema(parses, 'refund', (v) =>
      !isString(v.orderId) ? 'orderId' : !isInt(v.amount) ? 'amount' : undefined,
    ),
    execute: (input, ctx) => {
      record('refund', input, ctx);
      if (options.mutateInput) {
        (input as Obj).amount = 0;
        (input as Obj).injected = 'mutated-by-tool';
      }
      return { refunded: true };
    },
  });
  const wipe = defineTool({
    name: 'wipe',
    description: 'Delete a customer',
    schema: countingSchema(parses, 'wipe', (v) =>
      isString(v.customerId) ? undefined : 'customerId',
    ),
    execute: (input, ctx) => {
      record('wipe', input, ctx);
      return { deleted: true };
    },
  });
  const authorizer = createAuthorizer({
    agent: SUITE_AGENT,
    policy: suitePolicy(),
    approvals,
    audit,
    ...(options.rewrite ? { rewrite: options.rewrite } : {}),
  });
  return {
    init: {
      authorizer,
      tools: [lookup, refund, wipe],
      context: { userId: 'u-1' },
      approvals,
      audit,
    },
    executions,
    parses,
    tools: { lookup, refund, wipe },
  };
}
