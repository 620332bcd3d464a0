// Type tests (checked by `tsc` in `pnpm typecheck`): strict code reads a pending item's
// hash and proposal without casts once it narrows on `status`.
import type { StoredProposal } from '@argseal/core';
import { expectTypeOf, test } from 'vitest';
import type { AgentsSeal, PendingApproval } from './index.js';

declare const seal: AgentsSeal;
declare const state: Parameters<AgentsSeal['pending']>[0];

test('a pending item has a proposal hash and a proposal, no cast needed', async () => {
  for (const p of await seal.pending(state)) {
    if (p.status === 'pending') {
      expectTypeOf(p.proposalHash).toEqualTypeOf<string>();
      expectTypeOf(p.proposal).toEqualTypeOf<StoredProposal>();
      expectTypeOf(p.proposal.reason).toEqualTypeOf<string>();
    }
    if (p.status === 'unmatched') expectTypeOf(p.proposalHash).toEqualTypeOf<string>();
    if (p.status === 'invalid') expectTypeOf(p.proposalHash).toEqualTypeOf<undefined>();
    // without narrowing it is still readable (string | undefined)
    expectTypeOf(p.proposalHash).toEqualTypeOf<string | undefined>();
  }
});

test('status is a closed union', () => {
  expectTypeOf<PendingApproval['status']>().toEqualTypeOf<'pending' | 'unmatched' | 'invalid'>();
});
