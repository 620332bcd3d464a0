import { assertKnownOptions } from '@argseal/core';
import { builtIns, customs } from './detector-settings.js';
import type { NationalIdOptions } from './detectors/national-id.js';
import type { PatternRule } from './detectors/patterns.js';
import type { PhoneOptions } from './detectors/phone.js';
import type { SecretOptions } from './detectors/secretlint.js';
import { DlpError } from './errors.js';
import { compileExemptions, type DlpExemption } from './exempt.js';
import { compileSalt } from './fingerprint.js';
import type { ArmedDetector } from './scan/scan.js';
import type { Detector, DlpAction, Finding } from './types.js';

/** A built-in detector's setting: an action, `false` (off), or an action with options. */
export type DetectorSetting<O = object> = DlpAction | false | ({ action: DlpAction } & O);

/** Per built-in detector: what to do with its findings. */
export interface DlpDetectors {
  /** secretlint's recommended preset. Default `deny`. */
  secret?: DetectorSetting<SecretOptions>;
  /** Card numbers (brand range + Luhn). Default `deny`. */
  card_number?: DetectorSetting;
  /** IBANs (country format + mod-97 checksum). Default `deny`. */
  iban?: DetectorSetting;
  /** Email addresses (validator). Default off: most email tools legitimately carry some. */
  email?: DetectorSetting;
  /** Phone numbers (libphonenumber-js, `isValid`). Default off. */
  phone?: DetectorSetting<PhoneOptions>;
  /** National ids (validator.isIdentityCard); needs `locales`. Default off. */
  national_id?: false | ({ action: DlpAction } & NationalIdOptions);
}

/** What `onFinding` receives: where and what was found, never the matched text. */
export interface DlpFindingEvent {
  readonly stage: 'rewrite' | 'policy';
  readonly tool: string;
  readonly toolCallId: string;
  readonly findings: readonly Finding[];
}

/** Options of {@link createDlp}. Invalid options throw {@link DlpError} at creation. */
export interface DlpOptions {
  /** Built-in detectors; omitted ones take their default (`secret`, `card_number`, `iban`: deny). */
  detectors?: DlpDetectors;
  /** Custom secret patterns, each with its action (default `deny`). */
  patterns?: readonly (PatternRule & { action?: DlpAction })[];
  /** Detectors of your own, each with its action. */
  custom?: readonly { detector: Detector; action: DlpAction }[];
  /** Paths where a detector does not apply. */
  exempt?: readonly DlpExemption[];
  /** Only scan these tools. Omitted: every tool. */
  tools?: readonly string[];
  /**
   * Salt of the finding hashes: a string or bytes, at least 16 bytes. Default: 32 random
   * bytes per process (hashes then correlate within one process only). Set one shared
   * secret salt to correlate across workers; never log it.
   */
  salt?: string | Uint8Array;
  /** Most UTF-16 code units of strings (values and keys) scanned per call; a call with more is
   * denied (`dlp_scan_limit_exceeded`). Default 262144 (256 Ki). */
  maxScanLength?: number;
  /** Rule name in decision traces. Default `dlp`. */
  name?: string;
  /** Called with each scan's findings (for logs and metrics). A throw is ignored. */
  onFinding?: (event: DlpFindingEvent) => void;
}

/** Options after validation. */
export interface CompiledDlp {
  readonly detectors: readonly ArmedDetector[];
  readonly salt: Uint8Array;
  readonly maxScanLength: number;
  readonly tools: ReadonlySet<string> | undefined;
  readonly name: string;
  readonly onFinding: ((event: DlpFindingEvent) => void) | undefined;
}

/** Validates and copies {@link DlpOptions}. */
export function compileOptions(options: DlpOptions = {}): CompiledDlp {
  assertKnownOptions('createDlp', options, [
    'detectors',
    'patterns',
    'custom',
    'exempt',
    'tools',
    'salt',
    'maxScanLength',
    'name',
    'onFinding',
  ]);
  if (typeof options !== 'object' || options === null) {
    throw new DlpError('invalid_dlp_options', 'createDlp: options must be an object');
  }
  const list = [...builtIns(options.detectors), ...customs(options.patterns, options.custom)];
  const ids = new Set<string>();
  for (const { detector } of list) {
    if (ids.has(detector.id)) {
      throw new DlpError(
        'invalid_dlp_options',
        `createDlp: two detectors are named ${detector.id}`,
      );
    }
    ids.add(detector.id);
  }
  const exemptFor = compileExemptions(options.exempt, ids);
  const max = options.maxScanLength ?? 262_144;
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new DlpError(
      'invalid_dlp_options',
      'createDlp: maxScanLength must be a positive integer',
    );
  }
  const tools = options.tools;
  if (tools !== undefined && (!Array.isArray(tools) || tools.some((t) => typeof t !== 'string'))) {
    throw new DlpError('invalid_dlp_options', 'createDlp: tools must be an array of tool names');
  }
  const name = options.name ?? 'dlp';
  if (typeof name !== 'string' || name === '') {
    throw new DlpError('invalid_dlp_options', 'createDlp: name must be a non-empty string');
  }
  if (options.onFinding !== undefined && typeof options.onFinding !== 'function') {
    throw new DlpError('invalid_dlp_options', 'createDlp: onFinding must be a function');
  }
  return {
    detectors: list.map((d) => ({ ...d, exempt: exemptFor(d.detector.id) })),
    salt: compileSalt(options.salt),
    maxScanLength: max,
    tools: tools ? new Set(tools) : undefined,
    name,
    onFinding: options.onFinding,
  };
}
