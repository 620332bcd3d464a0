export { createDlp, type Dlp } from './create-dlp.js';
export { MAX_TRACE_FINDINGS } from './decision.js';
export { BUILT_IN_DETECTORS } from './detector-settings.js';
export { cardNumberDetector } from './detectors/card-number.js';
export { emailDetector } from './detectors/email.js';
export { ibanDetector } from './detectors/iban.js';
export {
  type NationalIdOptions,
  nationalIdDetector,
} from './detectors/national-id.js';
export { type PatternRule, patternDetector } from './detectors/patterns.js';
export { type PhoneOptions, phoneDetector } from './detectors/phone.js';
export { SECRET_RULES, type SecretOptions, secretlintDetector } from './detectors/secretlint.js';
export { DlpError, type DlpErrorCode } from './errors.js';
export type { DlpExemption } from './exempt.js';
export { MIN_SALT_BYTES } from './fingerprint.js';
export type {
  DetectorSetting,
  DlpDetectors,
  DlpFindingEvent,
  DlpOptions,
} from './options.js';
export type {
  BuiltInDetectorId,
  Detector,
  DetectorMatch,
  DlpAction,
  Finding,
} from './types.js';
