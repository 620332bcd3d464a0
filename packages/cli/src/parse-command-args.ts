import { parseArgs } from 'node:util';
import type { CliArgs, CliCommand, CliOptionSpec } from './commands/types.js';
import { quote } from './display.js';
import { CliUsageError } from './errors.js';

export const HELP_OPTION: CliOptionSpec = {
  type: 'boolean',
  short: 'h',
  description: 'show this help',
};

export type ParsedCommandLine = { help: true } | ({ help: false } & CliArgs);

/**
 * Parses a command's arguments strictly: unknown options, repeated options, missing
 * values, values on boolean flags and extra positionals are usage errors. A string
 * option's separate value may not start with `-` (write `--agent=-x` for that), so
 * `--agent --tool t` reports the missing value instead of taking `--tool` as the agent.
 * `--` ends the options. `--help`/`-h` anywhere before `--` wins over every other error.
 */
export function parseCommandArgs(command: CliCommand, argv: readonly string[]): ParsedCommandLine {
  const specs: Record<string, CliOptionSpec> = { ...command.options, help: HELP_OPTION };
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = spec.short ? { type: spec.type, short: spec.short } : { type: spec.type };
  }
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const isHelp = (t: (typeof tokens)[number]) =>
    t.kind === 'option' && t.name === 'help' && t.value === undefined;
  if (tokens.some(isHelp)) return { help: true };

  const values: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    if (spec === undefined) {
      throw new CliUsageError('unknown_option', `${quote(token.rawName)} for "${command.name}"`);
    }
    if (Object.hasOwn(values, token.name)) {
      throw new CliUsageError('duplicate_option', `${quote(token.rawName)} given more than once`);
    }
    if (spec.type === 'boolean') {
      if (token.value !== undefined) {
        throw new CliUsageError('unexpected_value', `${quote(token.rawName)} takes no value`);
      }
      values[token.name] = true;
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) {
      throw new CliUsageError('missing_value', `${quote(token.rawName)} needs a value`);
    }
    values[token.name] = token.value;
  }
  if (positionals.length > command.maxPositionals) {
    const extra = positionals[command.maxPositionals] as string;
    throw new CliUsageError('unexpected_argument', `${quote(extra)} for "${command.name}"`);
  }
  return { help: false, values, positionals };
}
