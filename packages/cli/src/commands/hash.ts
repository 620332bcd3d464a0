import { computeProposalHash } from '@argseal/core';
import { quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from '../exit-codes.js';
import { INPUT_OPTIONS, readCanonicalInput } from '../input-options.js';
import type { CliArgs, CliCommand } from './types.js';

/** `argseal hash --agent A --tool T [FILE|-]`: prints the proposal hash. */
export const hashCommand: CliCommand = {
  name: 'hash',
  synopsis: 'hash --agent NAME --tool NAME [options] [FILE|-]',
  summary: 'print the proposal hash of an agent, a tool and JSON arguments',
  description: [
    'Reads tool arguments as JSON from FILE, or from standard input when FILE is "-" or',
    'absent, decodes and canonicalizes them exactly like "argseal canonicalize", and prints',
    'the proposal hash followed by a newline: lowercase hex SHA-256 of',
    '  "argseal/v1/proposal:" + JCS({"agent": NAME, "args": <arguments>, "tool": NAME})',
    'This is the hash a human approval is bound to.',
  ].join('\n'),
  options: {
    agent: { type: 'string', valueName: 'NAME', description: 'agent name (required)' },
    tool: { type: 'string', valueName: 'NAME', description: 'tool name (required)' },
    ...INPUT_OPTIONS,
  },
  maxPositionals: 1,
  async run(args, io) {
    // Check the names before reading, so a usage error never consumes standard input.
    const agent = requiredName(args, 'agent');
    const tool = requiredName(args, 'tool');
    const argsCanonicalJson = await readCanonicalInput(args, io);
    const hash = await computeProposalHash({ agent, tool, argsCanonicalJson });
    io.stdout.write(`${hash}\n`);
    return EXIT_CODES.ok;
  },
};

function requiredName(args: CliArgs, name: string): string {
  const value = args.values[name];
  if (value === undefined) throw new CliUsageError('missing_option', `--${name} is required`);
  if (typeof value !== 'string' || value === '' || /[\ud800-\udfff]/u.test(value)) {
    throw new CliUsageError(
      'invalid_option_value',
      `--${name} must be a non-empty well-formed string, got ${quote(String(value))}`,
    );
  }
  return value;
}
