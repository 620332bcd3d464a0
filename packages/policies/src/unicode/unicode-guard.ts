import type { ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { HiddenCharacterKind, PolicyTrace } from '@argseal/core/data';
import { PolicyConfigError } from '../errors.js';
import { decide } from '../internal/decision.js';
import { findUnicodeHazards, type UnicodeReason } from './unicode-findings.js';

/** Options of {@link unicodeGuard}. Malformed values throw `invalid_policy_options`. */
export interface UnicodeGuardOptions {
  /** What a finding decides: `deny` (default) or `require_approval`. */
  action?: 'deny' | 'require_approval';
  /** Which hidden characters count. Default: all (`bidi`, `invisible`, `control`, `noncharacter`). */
  kinds?: readonly HiddenCharacterKind[];
  /** Also flag a word mixing Latin, Greek or Cyrillic letters (`pаypal`). Default true. */
  mixedScript?: boolean;
  /** Rule name in traces. Default `unicode`. */
  name?: string;
}

const KINDS: readonly HiddenCharacterKind[] = ['bidi', 'invisible', 'control', 'noncharacter'];
/** Trace entries beyond the decision's own are capped so a large argument stays cheap to audit. */
const MAX_TRACE = 32;

/**
 * Refuses (or sends for approval) a call whose argument strings, values or member names,
 * hold characters that display misleadingly: bidi controls, invisible characters, controls
 * other than tab/newline, noncharacters, or (cheap confusable check) a word mixing Latin,
 * Greek and Cyrillic letters. The reason is the first finding's (`unicode_bidi_control`,
 * ...); each finding is one trace entry naming its JSON Pointer, never the text.
 */
export function unicodeGuard<C = unknown>(options: UnicodeGuardOptions = {}): ToolPolicy<C> {
  assertKnownOptions('unicodeGuard', options, ['action', 'kinds', 'mixedScript', 'name']);
  const action = options.action ?? 'deny';
  if (action !== 'deny' && action !== 'require_approval')
    throw new PolicyConfigError(
      'invalid_policy_options',
      'unicodeGuard: action must be "deny" or "require_approval"',
    );
  const kinds = options.kinds ?? KINDS;
  if (!Array.isArray(kinds) || !kinds.every((k) => KINDS.includes(k)))
    throw new PolicyConfigError(
      'invalid_policy_options',
      `unicodeGuard: kinds must be a subset of ${KINDS.join(', ')}`,
    );
  const name = options.name ?? 'unicode';
  const find = {
    kinds: new Set(kinds),
    mixedScript: options.mixedScript !== false,
    allowLineBreaks: true,
  };
  return function unicodeGuard(input) {
    const findings = findUnicodeHazards(input.parsedArguments, find);
    if (findings.length === 0) return decide(name, 'allow', 'unicode_clean');
    const decision = decide(name, action, findings[0]!.reason as UnicodeReason);
    const entries: PolicyTrace[] = findings.slice(0, MAX_TRACE).map((f) => ({
      rule: `${name}${f.path === '' ? '' : ` ${f.inKey ? 'key ' : ''}${f.path}`}`,
      decision: action,
      reason: f.reason,
    }));
    return { ...decision, trace: [...(decision.trace ?? []), ...entries] };
  };
}
