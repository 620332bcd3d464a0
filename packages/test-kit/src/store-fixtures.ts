import { type ApprovalStore, type AuditSink, computeProposalHash } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import type { SuspendedToolProposal } from '@argseal/core/store';

/** What a backend hands the store suite for one test. `close` runs after the test. */
export interface ApprovalStoreFixture {
  store: ApprovalStore;
  /** The sink the store was created with, when any: the suite checks the events it got. */
  audit?: AuditSink;
  close?: () => Promise<void> | void;
  /**
   * The store's own clock (memory: its `now`; SQL: `SELECT now()`). Lifetime cases check
   * expiries against it. Default: this process's clock.
   */
  clock?: () => Date | Promise<Date>;
}

export interface AuditSinkFixture {
  audit: AuditSink;
  close?: () => Promise<void> | void;
  /** Deletes the records with `seq >= keep` behind the sink's back (a tail-truncation attack). */
  truncate?: (keep: number) => Promise<void> | void;
}

let counter = 0;

/** A valid proposal with fresh hashes. `bindingHash` differs from `proposalHash` when `separateBinding`. */
export async function makeProposal(
  overrides: {
    agent?: string;
    tool?: string;
    args?: Record<string, unknown>;
    toolCallId?: string;
    separateBinding?: boolean;
  } = {},
): Promise<SuspendedToolProposal> {
  counter += 1;
  const n = `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const agent = overrides.agent ?? `suite-agent-${n}`;
  const tool = overrides.tool ?? 'refund';
  const args = overrides.args ?? { amount: 120, orderId: `o-${n}` };
  const argsCanonicalJson = canonicalize(args as never);
  const proposalHash = await computeProposalHash({ agent, tool, argsCanonicalJson });
  const bindingHash = overrides.separateBinding
    ? await computeProposalHash({ agent, tool: `${tool}#binding`, argsCanonicalJson })
    : proposalHash;
  return {
    id: `prop-${n}`,
    agent,
    tool,
    toolCallId: overrides.toolCallId ?? `call-${n}`,
    argsCanonicalJson,
    proposalHash,
    bindingHash,
    parsedArguments: JSON.parse(argsCanonicalJson),
    reason: 'amount above threshold',
    createdAt: new Date().toISOString(),
  };
}

/** The same proposal as a new call would produce it: same hashes, new id and call id. */
export function sameCall(proposal: SuspendedToolProposal): SuspendedToolProposal {
  counter += 1;
  return {
    ...proposal,
    id: `${proposal.id}-again-${counter}`,
    toolCallId: `${proposal.toolCallId}-again`,
  };
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` expecting it to reject with an argseal error of `code`; returns the error. */
export async function expectCode(
  fn: () => Promise<unknown>,
  code: string,
): Promise<Error & { code: string }> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  if (caught === undefined)
    throw new Error(`expected a rejection with code ${code}, but it resolved`);
  const actual = (caught as { code?: unknown }).code;
  if (actual !== code) {
    throw new Error(`expected code ${code}, got ${String(actual)}: ${(caught as Error).message}`);
  }
  return caught as Error & { code: string };
}
