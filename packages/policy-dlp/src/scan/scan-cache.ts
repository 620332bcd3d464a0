import type { ScanOutcome } from './scan.js';

/** Entries kept at most; each holds one call's strings, so keep it small. */
const MAX_ENTRIES = 16;

/**
 * Hands the rewrite hook's last scan to the policy of the same attempt. The key is the
 * tool and the RFC 8785 text of what was scanned; the policy looks up the tool and
 * `argsCanonicalJson`, so an entry is used only for byte-identical arguments (a schema
 * that changed them misses and the policy scans). One use per entry, oldest evicted.
 */
export function createScanCache() {
  const entries = new Map<string, ScanOutcome>();
  const key = (tool: string, canonical: string) => `${tool}\u0000${canonical}`;
  return {
    put(tool: string, canonical: string, outcome: ScanOutcome): void {
      const k = key(tool, canonical);
      entries.delete(k);
      entries.set(k, outcome);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    take(tool: string, canonical: string): ScanOutcome | undefined {
      const k = key(tool, canonical);
      const hit = entries.get(k);
      entries.delete(k);
      return hit;
    },
  };
}
