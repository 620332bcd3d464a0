import { ApprovalError } from '../errors.js';
import { MAX_CALL_REF_LENGTH } from './call-ref.js';
import type { ConsumeOptions } from './types.js';

/**
 * Checks the options of `consume`: `agent` must be a non-empty string of at most
 * {@link MAX_CALL_REF_LENGTH} characters, the agent whose call the grant is consumed for.
 * Code: `invalid_agent`. A store takes a use only of a grant whose proposal has this agent.
 */
export function assertConsumeOptions(options: unknown): asserts options is ConsumeOptions {
  const agent =
    typeof options === 'object' && options !== null
      ? (options as Record<string, unknown>).agent
      : undefined;
  if (typeof agent !== 'string' || agent === '' || agent.length > MAX_CALL_REF_LENGTH) {
    throw new ApprovalError(
      'invalid_agent',
      'consume needs { agent }: the agent whose call runs (a non-empty string)',
    );
  }
}
