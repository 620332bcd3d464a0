import { EXIT_CODES } from '../exit-codes.js';
import { INPUT_OPTIONS, readCanonicalInput } from '../input-options.js';
import type { CliCommand } from './types.js';

/** `argseal canonicalize [FILE|-]`: prints the RFC 8785 text of strictly decoded JSON. */
export const canonicalizeCommand: CliCommand = {
  name: 'canonicalize',
  synopsis: 'canonicalize [options] [FILE|-]',
  summary: 'print the RFC 8785 (JCS) text of strictly decoded JSON',
  description: [
    'Reads JSON from FILE, or from standard input when FILE is "-" or absent, decodes it',
    'strictly (duplicate keys, unsafe integers, -0, lone surrogates, trailing data, ... are',
    'rejected) and prints its RFC 8785 canonical text followed by a newline.',
  ].join('\n'),
  options: INPUT_OPTIONS,
  maxPositionals: 1,
  async run(args, io) {
    const canonical = await readCanonicalInput(args, io);
    io.stdout.write(`${canonical}\n`);
    return EXIT_CODES.ok;
  },
};
