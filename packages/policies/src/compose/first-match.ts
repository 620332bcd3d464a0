import type { ToolPolicy, ToolPolicyInput } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';
import { PolicyConfigError } from '../errors.js';
import { evaluate, isShadowPolicy, ruleNameOf } from '../internal/decision.js';

/** A rule for {@link firstMatch}: when it matches, its policy decides. */
export interface PolicyRule<C = unknown> {
  /** Name used in the trace; defaults to the policy's name. */
  name?: string;
  /** Tool names this rule applies to. Omitted: every tool. */
  tools?: readonly string[];
  /** Extra condition; must return exactly `true` to match. A throw denies. */
  when?: (input: ToolPolicyInput<C>) => boolean | Promise<boolean>;
  policy: ToolPolicy<C>;
}

/** Rule that applies `policy` to the listed tools only. */
export function forTools<C = unknown>(
  tools: readonly string[],
  policy: ToolPolicy<C>,
): PolicyRule<C> {
  return { tools, policy };
}

/** Rule that applies `policy` when `match` returns `true`. */
export function when<C = unknown>(
  match: (input: ToolPolicyInput<C>) => boolean | Promise<boolean>,
  policy: ToolPolicy<C>,
): PolicyRule<C> {
  return { when: match, policy };
}

interface CompiledRule<C> {
  name: string;
  tools: ReadonlySet<string> | undefined;
  when: PolicyRule<C>['when'];
  policy: ToolPolicy<C>;
}

function compileRule<C>(rule: PolicyRule<C> | ToolPolicy<C>, i: number): CompiledRule<C> {
  const where = `firstMatch: rules[${i}]`;
  if (typeof rule === 'function') {
    return {
      name: ruleNameOf(rule, `firstMatch[${i}]`),
      tools: undefined,
      when: undefined,
      policy: rule,
    };
  }
  if (typeof rule !== 'object' || rule === null || typeof rule.policy !== 'function') {
    throw new PolicyConfigError('invalid_policy_options', `${where} needs a policy function`);
  }
  if (rule.when !== undefined && typeof rule.when !== 'function') {
    throw new PolicyConfigError('invalid_policy_options', `${where}.when must be a function`);
  }
  if (
    rule.tools !== undefined &&
    (!Array.isArray(rule.tools) || !rule.tools.every((t) => typeof t === 'string'))
  ) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      `${where}.tools must be an array of strings`,
    );
  }
  return {
    name: rule.name ?? ruleNameOf(rule.policy, `firstMatch[${i}]`),
    tools: rule.tools ? new Set(rule.tools) : undefined,
    when: rule.when,
    policy: rule.policy,
  };
}

/**
 * Rules are tried in order; the first rule that matches decides (a bare policy always
 * matches). Shadow rules ({@link shadow}) are evaluated and traced but never stop the
 * search. No matching rule denies with `no_rule_matched`. A `when` that throws or
 * returns anything but a boolean denies (`policy_error`, `invalid_policy_match`).
 */
export function firstMatch<C = unknown>(
  ...rules: (PolicyRule<C> | ToolPolicy<C>)[]
): ToolPolicy<C> {
  if (rules.length === 0) {
    throw new PolicyConfigError('invalid_policy_options', 'firstMatch: expected at least one rule');
  }
  const compiled = rules.map(compileRule);
  return async function firstMatch(input) {
    const trace: PolicyTrace[] = [];
    for (const rule of compiled) {
      if (rule.tools && !rule.tools.has(input.tool)) continue;
      if (rule.when) {
        let matched: unknown;
        try {
          matched = await rule.when(input);
        } catch {
          trace.push({ rule: rule.name, decision: 'deny', reason: 'policy_error' });
          return { type: 'deny', reason: 'policy_error', trace };
        }
        if (typeof matched !== 'boolean') {
          trace.push({ rule: rule.name, decision: 'deny', reason: 'invalid_policy_match' });
          return { type: 'deny', reason: 'invalid_policy_match', trace };
        }
        if (!matched) continue;
      }
      const d = await evaluate(rule.policy, input, rule.name);
      trace.push(...d.trace);
      if (isShadowPolicy(rule.policy)) continue;
      return { ...d, trace };
    }
    trace.push({ rule: 'firstMatch', decision: 'deny', reason: 'no_rule_matched' });
    return { type: 'deny', reason: 'no_rule_matched', trace };
  };
}
