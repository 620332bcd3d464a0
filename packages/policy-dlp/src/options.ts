import { cardNumberDetector } from './detectors/card-number.js';
import { emailDetector } from './detectors/email.js';
import { ibanDetector } from './detectors/iban.js';
import { type NationalIdOptions, nationalIdDetector } from './detectors/national-id.js';
import { type PatternRule, patternDetector } from './detectors/patterns.js';
import { type PhoneOptions, phoneDetector } from './detectors/phone.js';
import { type SecretOptions, secretlintDetector } from './detectors/secretlint.js';
import { DlpError } from './errors.js';
import { compileExemptions, type DlpExemption } from './exempt.js';
import { compileSalt } from './fingerprint.js';
import type { ArmedDetector } from './scan/scan.js';
import type { BuiltInDetectorId, Detector, DlpAction, Finding } from './types.js';

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
  /** Most UTF-16 code units of strings (values and keys) scanned per call. Default 1 MiB. */
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

const ACTIONS: ReadonlySet<string> = new Set(['deny', 'require_approval', 'redact']);
const DEFAULTS: Record<BuiltInDetectorId, DlpAction | false> = {
  secret: 'deny',
  card_number: 'deny',
  iban: 'deny',
  email: false,
  phone: false,
  national_id: false,
};
const FACTORIES: Record<BuiltInDetectorId, (o: any) => Detector> = {
  secret: secretlintDetector,
  card_number: cardNumberDetector,
  iban: ibanDetector,
  email: emailDetector,
  phone: phoneDetector,
  national_id: nationalIdDetector,
};
/** Ids of the built-in detectors, in scan order. */
export const BUILT_IN_DETECTORS = Object.keys(DEFAULTS) as readonly BuiltInDetectorId[];

function action(value: unknown, option: string): DlpAction {
  if (typeof value !== 'string' || !ACTIONS.has(value)) {
    throw new DlpError('invalid_action', `${option}: expected deny, require_approval or redact`);
  }
  return value as DlpAction;
}

function builtIns(detectors: unknown): { detector: Detector; action: DlpAction }[] {
  if (detectors !== undefined && (typeof detectors !== 'object' || detectors === null)) {
    throw new DlpError('invalid_dlp_options', 'createDlp: detectors must be an object');
  }
  const given = (detectors ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(DEFAULTS, key)) {
      throw new DlpError(
        'unknown_detector',
        `createDlp: detectors.${key} is not a built-in detector`,
      );
    }
  }
  const out: { detector: Detector; action: DlpAction }[] = [];
  for (const id of BUILT_IN_DETECTORS) {
    const setting = Object.hasOwn(given, id) ? given[id] : DEFAULTS[id];
    if (setting === false || setting === undefined) continue;
    const option = `createDlp: detectors.${id}`;
    if (typeof setting === 'string') {
      out.push({ detector: FACTORIES[id](undefined), action: action(setting, option) });
    } else if (typeof setting === 'object' && setting !== null) {
      const a = action((setting as { action?: unknown }).action, `${option}.action`);
      out.push({ detector: FACTORIES[id](setting), action: a });
    } else {
      throw new DlpError('invalid_action', `${option}: expected an action, false or { action }`);
    }
  }
  return out;
}

function customs(options: DlpOptions): { detector: Detector; action: DlpAction }[] {
  const patterns = options.patterns ?? [];
  const custom = options.custom ?? [];
  if (!Array.isArray(patterns) || !Array.isArray(custom)) {
    throw new DlpError('invalid_dlp_options', 'createDlp: patterns and custom must be arrays');
  }
  return [
    ...patterns.map((p, i) => ({
      detector: patternDetector(p, `createDlp: patterns[${i}]`),
      action:
        p?.action === undefined
          ? ('deny' as const)
          : action(p.action, `createDlp: patterns[${i}].action`),
    })),
    ...custom.map((c, i) => {
      const at = `createDlp: custom[${i}]`;
      const d = c?.detector;
      if (
        typeof d?.scan !== 'function' ||
        typeof d.id !== 'string' ||
        !/^[a-z][a-z0-9_]{0,39}$/.test(d.id) ||
        (d.kind !== 'secret' && d.kind !== 'personal')
      ) {
        throw new DlpError(
          'invalid_detector_options',
          `${at}.detector: expected { id, kind, scan }`,
        );
      }
      return { detector: d, action: action(c.action, `${at}.action`) };
    }),
  ];
}

/** Validates and copies {@link DlpOptions}. */
export function compileOptions(options: DlpOptions = {}): CompiledDlp {
  if (typeof options !== 'object' || options === null) {
    throw new DlpError('invalid_dlp_options', 'createDlp: options must be an object');
  }
  const list = [...builtIns(options.detectors), ...customs(options)];
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
  const max = options.maxScanLength ?? 1_048_576;
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
