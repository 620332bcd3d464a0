import { assertKnownOptions } from '@argseal/core';
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { rules as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig } from '@secretlint/types';
import { DlpError } from '../errors.js';
import type { Detector, DetectorMatch } from '../types.js';
import { findPrivateKeys } from './private-key.js';

const RULE_PREFIX = '@secretlint/secretlint-rule-';
/**
 * Honours `secretlint-disable` comments. Model output must never switch detection off,
 * so this rule of the preset is always disabled.
 */
const FILTER_COMMENTS = `${RULE_PREFIX}filter-comments`;

/** Options of the `secret` detector. */
export interface SecretOptions {
  /** Preset rules to switch off, by short name (`basicauth`, `database-connection-string`). */
  disableRules?: readonly string[];
  /**
   * Options of preset rules, by short name, passed to secretlint as is, e.g.
   * `{ aws: { enableIDScanRule: true } }` to also report AWS access key ids.
   */
  ruleOptions?: Readonly<Record<string, object>>;
}

const TOKEN_CHAR = /[A-Za-z0-9+/_\-.~]/;
/** Right of a match, base64 padding belongs to the token too. */
const TOKEN_TAIL = /[A-Za-z0-9+/=_\-.~]/;

/** Short names of the preset's rules (`github`, `aws`, ...), without `filter-comments`. */
export const SECRET_RULES: readonly string[] = recommended
  .map((r) => r.meta.id.replace(RULE_PREFIX, ''))
  .filter((id) => `${RULE_PREFIX}${id}` !== FILTER_COMMENTS);

/**
 * The preset's rules registered one by one (core ignores `disabled` on a preset's
 * sub-rules), minus `filter-comments` and `disableRules`, with `ruleOptions`.
 */
function presetRules(options: SecretOptions): SecretLintCoreConfig['rules'] {
  const known = new Set(SECRET_RULES);
  const disabled = options.disableRules ?? [];
  if (!Array.isArray(disabled) || disabled.some((r) => typeof r !== 'string' || !known.has(r))) {
    throw new DlpError(
      'invalid_detector_options',
      'secret: disableRules must list rule names of the recommended preset',
    );
  }
  const ruleOptions = options.ruleOptions === undefined ? {} : options.ruleOptions;
  if (typeof ruleOptions !== 'object' || ruleOptions === null || Array.isArray(ruleOptions)) {
    throw new DlpError('invalid_detector_options', 'secret: ruleOptions must be an object');
  }
  for (const [name, o] of Object.entries(ruleOptions)) {
    if (!known.has(name) || typeof o !== 'object' || o === null) {
      throw new DlpError(
        'invalid_detector_options',
        'secret: ruleOptions keys must be preset rule names and values objects',
      );
    }
  }
  const off = new Set([FILTER_COMMENTS, ...disabled.map((r) => `${RULE_PREFIX}${r}`)]);
  return recommended
    .filter((rule) => !off.has(rule.meta.id))
    .map((rule) => {
      const name = rule.meta.id.replace(RULE_PREFIX, '');
      const o = Object.hasOwn(ruleOptions, name) ? ruleOptions[name] : undefined;
      return { id: rule.meta.id, rule, ...(o ? { options: structuredClone(o) } : {}) };
    });
}

/**
 * Widens a match to the whole token around it. Some preset rules report a range that
 * starts at the context (`aws_secret_access_key = ...`) and is as long as the secret,
 * which would leave the secret's tail behind; a redaction must cover all of it.
 */
function widen(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s > 0 && TOKEN_CHAR.test(text[s - 1]!)) s--;
  while (e < text.length && TOKEN_TAIL.test(text[e]!)) e++;
  while (e > end && text[e - 1] === '.') e--; // a sentence's full stop
  return [s, e];
}

/**
 * The `secret` detector: secretlint's recommended preset (AWS, GCP, GitHub, GitLab,
 * Slack, Stripe, OpenAI, Anthropic, npm, private keys, basic auth, database URLs, ...),
 * run through `@secretlint/core`'s `lintSource` on the joined strings of one call.
 * Reported offsets are widened to whole tokens. Private keys are also found by their
 * armour (`findPrivateKeys`): any `BEGIN ... PRIVATE KEY` block, whatever its body.
 */
export function secretlintDetector(options: SecretOptions = {}): Detector {
  assertKnownOptions('secretlintDetector', options, ['disableRules', 'ruleOptions']);
  const config: SecretLintCoreConfig = { rules: presetRules(options) };
  const privateKeys = !(options.disableRules ?? []).includes('privatekey');
  // secretlint's profiler is on by default: every lint leaves performance marks in the
  // process-wide timeline and in its own arrays, which grow for as long as a server runs
  secretLintProfiler.setEnabled(false);
  return {
    id: 'secret',
    kind: 'secret',
    async scan(text) {
      const result = await lintSource({
        source: { content: text, filePath: 'arguments.txt', contentType: 'text' },
        options: { config, maskSecrets: true, noPhysicFilePath: true },
      });
      // a private key block is a key whatever its body: secretlint's rule only reports
      // some bodies (no headers, an `MI` prefix, 100 characters or more)
      const keys = privateKeys ? findPrivateKeys(text) : [];
      const out: DetectorMatch[] = [...keys];
      for (const m of result.messages) {
        const [start, end] = widen(text, m.range[0], m.range[1]);
        if (end <= start || keys.some((k) => k.start < end && start < k.end)) continue;
        out.push({ start, end, rule: m.ruleId.replace(RULE_PREFIX, '') });
      }
      return out.sort((a, b) => a.start - b.start);
    },
  };
}
