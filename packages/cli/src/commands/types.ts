import type { CliIo } from '../io.js';

/** One option of a command. `--help`/`-h` is added to every command automatically. */
export interface CliOptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Placeholder shown in help, e.g. `NAME`. */
  valueName?: string;
  description: string;
}

/** Options and positionals of one invocation, after validation. */
export interface CliArgs {
  /** String options by name; each given at most once. Boolean options are `true` when present. */
  values: Readonly<Record<string, string | true | undefined>>;
  positionals: readonly string[];
}

/**
 * A subcommand of `argseal`: one file per command under `src/commands/`, listed in
 * `commands/index.ts`. The runner parses and validates the arguments against `options`
 * and `maxPositionals`, handles `--help`, and maps thrown errors to exit statuses
 * (CliUsageError → 64, rejected input → 2).
 */
export interface CliCommand {
  name: string;
  /** What follows `argseal` in the usage line, e.g. `hash --agent A --tool T [FILE|-]`. */
  synopsis: string;
  /** One line for the command list. */
  summary: string;
  /** Paragraphs after the usage line in `--help` (without the option list). */
  description: string;
  options: Readonly<Record<string, CliOptionSpec>>;
  maxPositionals: number;
  run(args: CliArgs, io: CliIo): Promise<number>;
}
