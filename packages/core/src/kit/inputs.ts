import { canonicalize } from '../json/canonicalize.js';

/** Raw argument text for `prepare`, with where it came from. */
export function rawText(
  text: string,
  provenance: 'provider_text' | 'checked_transport' = 'provider_text',
): { raw: string; provenance: 'provider_text' | 'checked_transport' } {
  return { raw: text, provenance };
}

/**
 * A value a framework already decoded, for `prepare`. Refused with `raw_text_unavailable`
 * unless the strict fetch guard checked its text, it is a resume, or the call passes
 * `allowDecodedOnly: true`.
 */
export function decodedOnly(value: unknown): { decoded: unknown; provenance: 'decoded_only' } {
  return { decoded: value, provenance: 'decoded_only' };
}

/**
 * A text a framework rebuilt from an already decoded value (for example an SDK that
 * re-serializes a provider's decoded tool input): `decoded_only` when it is JSON, so it is
 * refused unless the strict fetch guard checked the provider's own text; otherwise the
 * text itself, which the strict decoder refuses with its code.
 */
export function decodedFromText(
  text: string,
): string | { decoded: unknown; provenance: 'decoded_only' } {
  try {
    return decodedOnly(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * RFC 8785 text of a decoded value, or `undefined` when it is outside the strict domain
 * (prepare it to get the proper stage and code). For comparing a framework's decoded
 * arguments with an attempt's `historyArguments`.
 */
export function canonicalOrUndefined(value: unknown): string | undefined {
  try {
    return canonicalize(value as never);
  } catch {
    return undefined;
  }
}
