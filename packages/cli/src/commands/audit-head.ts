import type { AuditHead } from '@argseal/core/store';
import { CliUsageError } from '../errors.js';

/** `N:HASH`, as `argseal audit verify` prints a head and `--expect-head` reads it. */
export function formatHead(head: AuditHead): string {
  return `${head.length}:${head.hash}`;
}

/** Reads `N:HASH` (N a record count, HASH 64 lowercase hex digits). */
export function parseHead(text: string): AuditHead {
  const colon = text.indexOf(':');
  const count = text.slice(0, colon);
  const hash = text.slice(colon + 1);
  if (colon < 1 || !/^(0|[1-9][0-9]{0,15})$/.test(count) || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new CliUsageError(
      'invalid_head',
      '--expect-head must be N:HASH as "audit verify" prints it',
    );
  }
  return { length: Number(count), hash };
}
