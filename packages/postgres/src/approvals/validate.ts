import {
  assertProposal as coreAssertProposal,
  decodeCanonical,
  type SuspendedToolProposal,
} from '@argseal/core/store';

export { assertHash, DEFAULT_GRANT_TTL_MS, normalizeDecision } from '@argseal/core/store';

/**
 * Core's proposal check (codes `invalid_proposal`, `invalid_proposal_hash`,
 * `invalid_binding_hash`), plus: the arguments must decode, since every read decodes them.
 */
export function assertProposal(p: SuspendedToolProposal): void {
  coreAssertProposal(p);
  decodeCanonical(p.argsCanonicalJson);
}
