/** What a policy does with a finding: block the call, ask a human, or redact before identity. */
export type DlpAction = 'deny' | 'require_approval' | 'redact';

/** Ids of the built-in detectors. Custom patterns bring their own ids. */
export type BuiltInDetectorId =
  | 'secret'
  | 'card_number'
  | 'iban'
  | 'email'
  | 'phone'
  | 'national_id';

/** One match a detector found in a text: UTF-16 offsets, end exclusive. */
export interface DetectorMatch {
  readonly start: number;
  readonly end: number;
  /** Sub-rule that matched, e.g. `stripe` for the secret detector. Never the matched text. */
  readonly rule?: string;
}

/**
 * A detector scans one text and returns its matches. Every detector also sees each
 * string normalised and decoded (NFKC, invisible characters removed, escapes and
 * percent-encoding undone); its matches there are mapped back to the string as sent.
 * Secret detectors (`kind: 'secret'`) also see strings glued together (siblings, the
 * values of sibling objects, document order), so a key split across fields is found.
 * `scan` must run in time linear in the text length: it sees model output.
 */
export interface Detector {
  readonly id: string;
  readonly kind: 'secret' | 'personal';
  scan(text: string): readonly DetectorMatch[] | Promise<readonly DetectorMatch[]>;
}

/**
 * One finding, safe to log: the detector, where it is (an RFC 6901 JSON Pointer into the
 * arguments) and a short salted hash of the matched text. Never the text itself.
 */
export interface Finding {
  readonly detector: string;
  /** Sub-rule, e.g. `github` or `stripe` for secrets, the card brand for card numbers. */
  readonly rule?: string;
  /**
   * Where the match is. For a match inside an object key, the object's pointer; for a
   * secret split across fields, the pointer of the container they share.
   */
  readonly pointer: string;
  /** `value` (a string leaf), `key` (an object key) or `split` (across several strings). */
  readonly location: 'value' | 'key' | 'split';
  /** 12 letters: HMAC-SHA256 of the match under the configured salt, truncated. */
  readonly hash: string;
  readonly action: DlpAction;
}
