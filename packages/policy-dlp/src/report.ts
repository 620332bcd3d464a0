import type { CompiledDlp, DlpFindingEvent } from './options.js';
import type { LocatedFinding } from './scan/scan.js';
import type { Finding } from './types.js';

/** A finding without its internal offsets. */
export function publicFinding(f: LocatedFinding): Finding {
  const { parts: _parts, ...rest } = f;
  return rest;
}

/** Hands findings to `onFinding`; a throwing logger changes nothing. */
export function report(
  c: CompiledDlp,
  event: Omit<DlpFindingEvent, 'findings'>,
  found: readonly LocatedFinding[],
): void {
  if (!c.onFinding || found.length === 0) return;
  try {
    c.onFinding({ ...event, findings: found.map(publicFinding) });
  } catch {
    // a logger must not change a decision
  }
}
