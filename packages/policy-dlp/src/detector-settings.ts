import { assertKnownOptions } from '@argseal/core';
import { cardNumberDetector } from './detectors/card-number.js';
import { emailDetector } from './detectors/email.js';
import { ibanDetector } from './detectors/iban.js';
import { nationalIdDetector } from './detectors/national-id.js';
import { DETECTOR_ID, type PatternRule, patternDetector } from './detectors/patterns.js';
import { phoneDetector } from './detectors/phone.js';
import { secretlintDetector } from './detectors/secretlint.js';
import { DlpError } from './errors.js';
import type { BuiltInDetectorId, Detector, DlpAction } from './types.js';

/** A detector and its action, before exemptions are attached. */
interface Configured {
  readonly detector: Detector;
  readonly action: DlpAction;
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
const DETECTOR_OPTION_KEYS: Record<BuiltInDetectorId, readonly string[]> = {
  secret: ['disableRules', 'ruleOptions'],
  card_number: [],
  iban: [],
  email: [],
  phone: ['defaultCountry'],
  national_id: ['locales'],
};
/** Ids of the built-in detectors, in scan order. */
export const BUILT_IN_DETECTORS = Object.keys(DEFAULTS) as readonly BuiltInDetectorId[];

function action(value: unknown, option: string): DlpAction {
  if (typeof value !== 'string' || !ACTIONS.has(value)) {
    throw new DlpError('invalid_action', `${option}: expected deny, require_approval or redact`);
  }
  return value as DlpAction;
}

/** The built-in detectors `detectors` turns on, in scan order, with their actions. */
export function builtIns(detectors: unknown): Configured[] {
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
  const out: Configured[] = [];
  for (const id of BUILT_IN_DETECTORS) {
    const setting = Object.hasOwn(given, id) ? given[id] : DEFAULTS[id];
    if (setting === false || setting === undefined) continue;
    const option = `createDlp: detectors.${id}`;
    if (typeof setting === 'string') {
      out.push({ detector: FACTORIES[id](undefined), action: action(setting, option) });
    } else if (typeof setting === 'object' && setting !== null) {
      const { action: given, ...detectorOptions } = setting as { action?: unknown };
      const a = action(given, `${option}.action`);
      // `action` is createDlp's; the rest are the detector's own (unknown keys refused)
      assertKnownOptions(option, detectorOptions, DETECTOR_OPTION_KEYS[id]);
      out.push({ detector: FACTORIES[id](detectorOptions), action: a });
    } else {
      throw new DlpError('invalid_action', `${option}: expected an action, false or { action }`);
    }
  }
  return out;
}

/** Custom patterns and detectors, validated. */
export function customs(
  patterns: readonly (PatternRule & { action?: DlpAction })[] = [],
  custom: readonly Configured[] = [],
): Configured[] {
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
        !DETECTOR_ID.test(d.id) ||
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
