import { ArgsealConfigError } from '@argseal/core';

const DLP_CONFIG_MARKER = Symbol.for('argseal.error.dlp-config');

/**
 * `@argseal/policy-dlp` was configured wrongly (an unknown detector or action, a bad
 * pattern, a salt too short, ...), or a scan could not finish safely (input past
 * `maxScanLength` during redaction, a redaction that left a match behind). `code` is
 * stable; messages name the option, detector and JSON Pointer, never a matched value.
 */
export class DlpError extends ArgsealConfigError<DlpErrorCode> {
  constructor(code: DlpErrorCode, message: string) {
    super(code, message);
    this.name = 'DlpError';
    Object.defineProperty(this, DLP_CONFIG_MARKER, { value: true });
  }

  /** True for any DlpError, also across duplicate installs of the package. */
  static override isInstance(value: unknown): value is DlpError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[DLP_CONFIG_MARKER] === true
    );
  }
}

/** Stable codes of {@link DlpError}. */
export type DlpErrorCode =
  | 'invalid_dlp_options'
  | 'unknown_detector'
  | 'invalid_action'
  | 'invalid_detector_options'
  | 'invalid_pattern'
  | 'invalid_salt'
  | 'invalid_json_pointer'
  | 'scan_limit_exceeded'
  | 'redaction_incomplete';
