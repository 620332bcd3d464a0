import { isHashHex } from '@argseal/core/data';
import { McpSealError } from '../errors.js';
import type { PinDecisionInput, ToolKey } from './types.js';

const MAX_NAME = 200;
const MAX_DEFINITION = 1_048_576;

function name(label: string, value: unknown): void {
  if (
    typeof value !== 'string' ||
    value === '' ||
    value.length > MAX_NAME ||
    !(value as unknown as { isWellFormed(): boolean }).isWellFormed()
  ) {
    throw new McpSealError(
      'invalid_pin_decision',
      `pin store: ${label} must be a non-empty string of at most ${MAX_NAME} characters`,
    );
  }
}

/** Checks a key and digest before a store keeps them. */
export function assertObservation(
  key: ToolKey,
  d: { definitionHash: string; definitionJson: string },
): void {
  name('agent', key.agent);
  name('server', key.server);
  name('tool', key.tool);
  if (!isHashHex(d.definitionHash)) {
    throw new McpSealError(
      'invalid_pin_decision',
      'pin store: definitionHash must be 64 lowercase hex',
    );
  }
  if (typeof d.definitionJson !== 'string' || d.definitionJson.length > MAX_DEFINITION) {
    throw new McpSealError(
      'invalid_pin_decision',
      'pin store: definitionJson must be JCS text of at most 1 MiB',
    );
  }
}

/** Checks an approver's decision. */
export function assertPinDecision(input: PinDecisionInput): void {
  if (input?.decision !== 'approve' && input?.decision !== 'reject') {
    throw new McpSealError('invalid_pin_decision', 'pin decision must be "approve" or "reject"');
  }
  name('approver', input.approver);
  if (input.note !== undefined && (typeof input.note !== 'string' || input.note.length > 2000)) {
    throw new McpSealError(
      'invalid_pin_decision',
      'pin note must be a string of at most 2000 characters',
    );
  }
}
