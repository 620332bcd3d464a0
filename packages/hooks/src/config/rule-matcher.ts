import {
  commandMatchesSomeStage,
  compileCommandPattern,
  matchesCommandPattern,
} from '../rules/command-pattern.js';
import { isSystemCommand, onlyCommandsCover } from '../rules/only-commands.js';
import type { ShellReading } from '../rules/shell-commands.js';
import { shellCommands } from '../rules/shell-commands.js';
import type { HookRule } from './types.js';

/** What one configured rule matches: its tool globs, and its command matchers for Bash. */
export interface RuleMatcher {
  tools: readonly string[];
  /** `command` patterns as written. */
  commandSources: readonly string[];
  onlyCommands: readonly string[] | undefined;
  /** True when the rule has no command matcher: it matches every call of its tools. */
  anyCommand: boolean;
  /** Whether a command line satisfies the rule's command matchers (all of them). */
  matchesCommand(command: string): boolean;
}

/**
 * Compiles the matchers of one configured rule (`tool`, `command`, `onlyCommands`). An
 * `allow` rule is closed: its `command` patterns match only a line that is not complex
 * (see {@link ShellReading.complex}) and every command of which one of its patterns names,
 * so `git status && rm -rf ~` is not allowed by `{command: "git status", decision: "allow"}`.
 */
export function ruleMatcher(rule: HookRule): RuleMatcher {
  const tools = typeof rule.tool === 'string' ? [rule.tool] : [...rule.tool];
  const sources =
    rule.command === undefined
      ? []
      : typeof rule.command === 'string'
        ? [rule.command]
        : [...rule.command];
  const patterns = sources.map((s) => compileCommandPattern(s)).filter((p) => p !== undefined);
  const only = rule.onlyCommands === undefined ? undefined : new Set(rule.onlyCommands);
  return {
    tools,
    commandSources: sources,
    onlyCommands: rule.onlyCommands,
    anyCommand: sources.length === 0 && only === undefined,
    matchesCommand(command) {
      const reading = shellCommands(command);
      if (patterns.length > 0 && !patterns.some((p) => matchesCommandPattern(p, reading.commands)))
        return false;
      if (patterns.length > 0 && rule.decision === 'allow') {
        if (reading.opaque || reading.complex !== undefined) return false;
        if (
          !reading.commands.every(
            (c) =>
              c.redirects.length === 0 &&
              isSystemCommand(c.word, c.name) &&
              patterns.some((p) => commandMatchesSomeStage(p, c)),
          )
        )
          return false;
      }
      return only === undefined || onlyCommandsCover(reading, only);
    },
  };
}
