import { matchesAnyToolGlob } from '../rules/tool-glob.js';
import { ruleMatcher } from './rule-matcher.js';
import type { HookRule } from './types.js';

/** A configured rule that an earlier rule takes some of its calls from. */
export interface ShadowedRule {
  /** Index of the later rule in `rules`. */
  rule: number;
  /** Index of the earlier rule that matches first. */
  by: number;
  /** A call the later rule names that the earlier one takes: a tool and, for Bash, a command. */
  tool: string;
  command: string | undefined;
}

/**
 * Rules that an earlier rule shadows (the first matching rule decides): for each rule, the
 * calls it names plainly — its tools, and each of its `command` patterns or `onlyCommands`
 * names read as a command line — are tried against every earlier rule. The README's old
 * example is the case in point: `onlyCommands: [..., "git", ...]` allowed before
 * `command: "git push"` needing approval lets `git push origin main` through.
 */
export function findShadowedRules(rules: readonly HookRule[]): ShadowedRule[] {
  const matchers = rules.map(ruleMatcher);
  const found: ShadowedRule[] = [];
  matchers.forEach((later, j) => {
    const samples: (string | undefined)[] = later.anyCommand
      ? [undefined]
      : [...later.commandSources, ...(later.onlyCommands ?? [])];
    for (let i = 0; i < j; i++) {
      const earlier = matchers[i];
      if (earlier === undefined) continue;
      const tool = later.tools.find((t) => matchesAnyToolGlob(earlier.tools, t));
      if (tool === undefined) continue;
      const at = samples.findIndex((s) =>
        s === undefined
          ? earlier.anyCommand
          : later.matchesCommand(s) && (earlier.anyCommand || earlier.matchesCommand(s)),
      );
      if (at < 0) continue;
      found.push({ rule: j, by: i, tool, command: samples[at] });
      return;
    }
  });
  return found;
}
