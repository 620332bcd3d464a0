import {
  canonicalize,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_LENGTH,
  parseStrictJson,
} from '@argseal/core/data';
import type { CliArgs, CliOptionSpec } from './commands/types.js';
import { quote } from './display.js';
import { CliUsageError } from './errors.js';
import type { CliIo } from './io.js';
import { readInput } from './read-input.js';

/**
 * Upper bounds for the limit options. Core's decoder and canonicalizer recurse, so a
 * much deeper limit could exhaust the stack instead of failing with a clean code.
 */
const MAX_DEPTH_CEILING = 1000;
const MAX_LENGTH_CEILING = 2 ** 28;

/** Options of every command that reads JSON input. */
export const INPUT_OPTIONS: Readonly<Record<string, CliOptionSpec>> = {
  'max-depth': {
    type: 'string',
    valueName: 'N',
    description: `deepest nesting accepted (default ${DEFAULT_MAX_DEPTH}, at most ${MAX_DEPTH_CEILING})`,
  },
  'max-length': {
    type: 'string',
    valueName: 'N',
    description: `longest input accepted, in UTF-16 code units (default ${DEFAULT_MAX_LENGTH})`,
  },
};

/**
 * Reads the command's input (FILE, or stdin for `-`/absent), decodes it with
 * `parseStrictJson` and returns its RFC 8785 text.
 *
 * @throws {CliUsageError} bad limit option or unreadable file.
 * @throws rejected input: core's ToolArgumentsValidationError or CliInputError.
 */
export async function readCanonicalInput(args: CliArgs, io: CliIo): Promise<string> {
  const maxDepth = limit(args, 'max-depth', DEFAULT_MAX_DEPTH, MAX_DEPTH_CEILING);
  const maxLength = limit(args, 'max-length', DEFAULT_MAX_LENGTH, MAX_LENGTH_CEILING);
  const text = await readInput(args.positionals[0], io, maxLength);
  const value = parseStrictJson(text, { maxDepth, maxLength });
  return canonicalize(value, { maxDepth });
}

function limit(args: CliArgs, name: string, fallback: number, ceiling: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n <= ceiling)) {
    throw new CliUsageError(
      'invalid_option_value',
      `--${name} must be an integer from 1 to ${ceiling}, got ${quote(String(raw))}`,
    );
  }
  return n;
}
