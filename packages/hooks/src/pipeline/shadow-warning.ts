import type { ShadowedRule } from '../config/shadowed-rules.js';
import type { HookModuleConfig } from '../config/types.js';
import { displayLine } from '../text/display-line.js';

/**
 * The stderr line for a shadowed rule (the call still gets its decision, exit 0):
 * `argseal hook: warning (config/shadowed_rule at /rules/1): rules[1] (require_approval) is
 * never reached for Bash "git push": rules[0] (allow) matches it first`.
 */
export function shadowWarning(config: HookModuleConfig, s: ShadowedRule): string {
  const decision = (i: number) => config.rules?.[i]?.decision ?? 'unknown';
  const call = s.command === undefined ? s.tool : `${s.tool} ${JSON.stringify(s.command)}`;
  const text = `rules[${s.rule}] (${decision(s.rule)}) is never reached for ${call}: rules[${s.by}] (${decision(s.by)}) matches it first`;
  return `argseal hook: warning (config/shadowed_rule at /rules/${s.rule}): ${displayLine(text, 400)}\n`;
}
