/**
 * Where the strict fetch guard (`createStrictFetch`) records the tool-call argument texts
 * it checked with the strict decoder, and where `authorizer.prepare` looks them up: a
 * call that reaches argseal only as a decoded object is accepted (provenance
 * `checked_transport`) when its canonical text was checked in a provider response body,
 * for the same tool-call id when the body named one.
 */
export interface ProvenanceRegistry {
  /** Records the RFC 8785 text of strictly decoded arguments, with the call id when known. */
  markChecked(entry: { toolCallId?: string | undefined; canonicalJson: string }): void;
  /** True when these canonical arguments were checked (for this call id, or without an id). */
  isChecked(entry: { toolCallId: string; canonicalJson: string }): boolean;
  /** Entries currently held. */
  readonly size: number;
}

/** Limits of {@link createProvenanceRegistry}. */
export interface ProvenanceRegistryOptions {
  /** Most entries kept; the oldest go first. Default 2048. */
  max?: number;
  /** Most UTF-16 code units of canonical text kept in total. Default 4 Mi. */
  maxChars?: number;
}

const keyOf = (id: string | undefined, canonical: string) =>
  id === undefined ? `-${canonical}` : `${id.length}:${id}:${canonical}`;

/** A bounded registry of checked argument texts (see {@link ProvenanceRegistry}). */
export function createProvenanceRegistry(options?: ProvenanceRegistryOptions): ProvenanceRegistry {
  const max = options?.max ?? 2048;
  const maxChars = options?.maxChars ?? 4 * 1024 * 1024;
  const entries = new Map<string, number>();
  let chars = 0;
  return {
    markChecked({ toolCallId, canonicalJson }) {
      if (typeof canonicalJson !== 'string' || canonicalJson.length > maxChars) return;
      const key = keyOf(typeof toolCallId === 'string' ? toolCallId : undefined, canonicalJson);
      if (entries.has(key)) entries.delete(key);
      else chars += key.length;
      entries.set(key, key.length);
      while (entries.size > max || chars > maxChars) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        chars -= oldest.value.length;
        entries.delete(oldest.value);
      }
    },
    isChecked({ toolCallId, canonicalJson }) {
      return (
        entries.has(keyOf(toolCallId, canonicalJson)) ||
        entries.has(keyOf(undefined, canonicalJson))
      );
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The registry authorizers consult and `createStrictFetch` writes into unless given
 * others (`AuthorizerOptions.provenance`). It only holds texts that passed the strict
 * decoder, so sharing it across authorizers never lets an unchecked text through.
 */
export const defaultProvenanceRegistry: ProvenanceRegistry = createProvenanceRegistry();
