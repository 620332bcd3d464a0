import {
  type CommandPattern,
  compileCommandPattern,
  matchesCommandPattern,
} from './command-pattern.js';
import type { RuleDecision } from './decision.js';
import { shellCommands } from './shell-commands.js';

/** Options of the Bash guard rails (`presets.bash` in the config). */
export interface BashPresetOptions {
  /** Recursive forced removal (`rm -rf`, `rm -Rf`, `--recursive --force`). Default `deny`. */
  destructive?: RuleDecision;
  /** A download piped into a shell or interpreter (`curl ... | sh`). Default `deny`. */
  pipeToShell?: RuleDecision;
  /** Network tools (curl, wget, nc, ssh, scp, rsync, ...). Default `require_approval`. */
  network?: RuleDecision;
  /** A line that cannot be read reliably (unbalanced quotes, here-documents, `$CMD`). Default `require_approval`. */
  opaque?: RuleDecision;
  /** Extra patterns and what they decide, e.g. `{ "git push --force": "deny" }`. */
  patterns?: Readonly<Record<string, RuleDecision>>;
}

const DESTRUCTIVE = [
  'rm -rf',
  'rm -Rf',
  'rm -r --force',
  'rm -R --force',
  'rm --recursive -f',
  'rm --recursive --force',
];
const DOWNLOADERS = ['curl', 'wget', 'fetch'];
const INTERPRETERS = [
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'python',
  'python3',
  'perl',
  'ruby',
  'node',
  'php',
];
/** Commands that reach the network. */
export const NETWORK_COMMANDS: readonly string[] = [
  'curl',
  'wget',
  'fetch',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'ftp',
  'aria2c',
];

interface Check {
  name: string;
  decision: RuleDecision;
  patterns: CommandPattern[];
}

function compileAll(sources: readonly string[]): CommandPattern[] {
  return sources
    .map((s) => compileCommandPattern(s))
    .filter((p): p is CommandPattern => p !== undefined);
}

/** A Bash guard rail that flagged a command: which check, and what it decides. */
export interface BashFlag {
  check: string;
  decision: RuleDecision;
}

/**
 * Compiles the Bash guard rails. The returned function reads a command line once
 * ({@link shellCommands}) and returns the strictest flag (deny over require_approval), or
 * undefined when nothing matched (a check set to `allow` never flags).
 */
export function compileBashPreset(
  options: BashPresetOptions = {},
): (command: string) => BashFlag | undefined {
  const checks: Check[] = [
    {
      name: 'destructive',
      decision: options.destructive ?? 'deny',
      patterns: compileAll(DESTRUCTIVE),
    },
    {
      name: 'pipe_to_shell',
      decision: options.pipeToShell ?? 'deny',
      patterns: compileAll(DOWNLOADERS.flatMap((d) => INTERPRETERS.map((i) => `${d} | ${i}`))),
    },
    {
      name: 'network',
      decision: options.network ?? 'require_approval',
      patterns: compileAll(NETWORK_COMMANDS),
    },
  ];
  for (const [source, decision] of Object.entries(options.patterns ?? {})) {
    checks.push({ name: `pattern:${source}`, decision, patterns: compileAll([source]) });
  }
  const opaque = options.opaque ?? 'require_approval';
  const rank = { allow: 0, require_approval: 1, deny: 2 } as const;
  return (command) => {
    const reading = shellCommands(command);
    let flag: BashFlag | undefined = reading.opaque
      ? { check: 'opaque', decision: opaque }
      : undefined;
    for (const check of checks) {
      if (flag && rank[flag.decision] >= rank[check.decision]) continue;
      if (check.patterns.some((p) => matchesCommandPattern(p, reading.commands))) {
        flag = { check: check.name, decision: check.decision };
      }
    }
    return flag;
  };
}
