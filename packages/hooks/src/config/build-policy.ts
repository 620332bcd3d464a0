import type { JsonValue, ToolPolicy, ToolPolicyInput } from '@argseal/core';
import { allOf, firstMatch, type PolicyRule } from '@argseal/policies/compose';
import type { HookContext } from '../host/hook-input.js';
import { compileBashPreset } from '../rules/bash-preset.js';
import { type RuleDecision, toPolicyDecision } from '../rules/decision.js';
import { compileFilePreset } from '../rules/file-preset.js';
import { mcpServerOf } from '../rules/mcp-server.js';
import { isSelfApproval } from '../rules/self-approval.js';
import { matchesAnyToolGlob } from '../rules/tool-glob.js';
import { ruleMatcher } from './rule-matcher.js';
import type { HookModuleConfig, HookRule } from './types.js';

type Input = ToolPolicyInput<HookContext>;
type Rule = PolicyRule<HookContext>;

function commandOf(args: JsonValue): string | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  const c = args.command;
  // Codex may send the command as an argv list
  if (Array.isArray(c) && c.every((w) => typeof w === 'string')) return c.join(' ');
  return typeof c === 'string' ? c : undefined;
}

function constant(decision: RuleDecision, reason: string, name: string): ToolPolicy<HookContext> {
  const policy = () => toPolicyDecision(decision, reason);
  Object.defineProperty(policy, 'name', { value: name });
  return policy;
}

/** Always first: the agent never approves its own proposals through Bash. */
const selfApprovalGuard: Rule = {
  name: 'guard:self_approval',
  tools: ['Bash'],
  when: (i) => {
    const c = commandOf(i.parsedArguments);
    return c !== undefined && isSelfApproval(c);
  },
  policy: constant('deny', 'bash_self_approval', 'guard:self_approval'),
};

function presetRules(config: HookModuleConfig): Rule[] {
  const rules: Rule[] = [selfApprovalGuard];
  const presets = config.presets ?? {};
  if (presets.bash !== undefined && presets.bash !== false) {
    const flag = compileBashPreset(presets.bash === true ? {} : presets.bash);
    rules.push({
      name: 'preset:bash',
      tools: ['Bash'],
      when: (i) => {
        const c = commandOf(i.parsedArguments);
        const f = c === undefined ? undefined : flag(c);
        return f !== undefined && f.decision !== 'allow';
      },
      policy: (i: Input) => {
        const f = flag(commandOf(i.parsedArguments) as string);
        return toPolicyDecision(f?.decision ?? 'deny', `bash_${f?.check ?? 'unreadable'}`);
      },
    });
  }
  if (presets.files !== undefined && presets.files !== false) {
    const flag = compileFilePreset(presets.files === true ? {} : presets.files);
    const decideFor = (i: Input) => flag(i.tool, i.parsedArguments, i.context.cwd);
    rules.push({
      name: 'preset:files',
      when: (i) => {
        const f = decideFor(i);
        return f !== undefined && f.decision !== 'allow';
      },
      policy: (i: Input) => {
        const f = decideFor(i);
        return toPolicyDecision(f?.decision ?? 'deny', `file_${f?.check ?? 'unreadable'}`);
      },
    });
  }
  if (presets.mcp !== undefined) {
    const { servers = {}, unlisted } = presets.mcp;
    const decisionFor = (i: Input): RuleDecision | undefined => {
      const server = mcpServerOf(i.tool, i.context.mcpServer);
      if (server === undefined) return undefined;
      return Object.hasOwn(servers, server) ? servers[server] : unlisted;
    };
    rules.push({
      name: 'preset:mcp',
      when: (i) => decisionFor(i) !== undefined,
      policy: (i: Input) => toPolicyDecision(decisionFor(i) ?? 'deny', 'mcp_server_rule'),
    });
  }
  return rules;
}

function configuredRule(rule: HookRule, index: number): Rule {
  const m = ruleMatcher(rule);
  const name = `rules[${index}]`;
  return {
    name,
    when: (i) => {
      if (!matchesAnyToolGlob(m.tools, i.tool)) return false;
      if (m.anyCommand) return true;
      const c = commandOf(i.parsedArguments);
      return c !== undefined && m.matchesCommand(c);
    },
    policy: constant(rule.decision, rule.reason ?? `rule_${index}`, name),
  };
}

/**
 * The policy a configuration describes: guard-rail presets first (they only ever block or
 * ask), then `rules` in order, then a module's `policyRules`, then `default` (closed:
 * `deny`). A module's `policy` is combined with all of that by `allOf` (strictest wins).
 */
export function buildPolicy(config: HookModuleConfig): ToolPolicy<HookContext> {
  const rules: (Rule | ToolPolicy<HookContext>)[] = [
    ...presetRules(config),
    ...(config.rules ?? []).map(configuredRule),
    ...(config.policyRules ?? []),
    constant(config.default ?? 'deny', 'default_rule', 'default'),
  ];
  const configured = firstMatch<HookContext>(...rules);
  return config.policy ? allOf<HookContext>(configured, config.policy) : configured;
}
