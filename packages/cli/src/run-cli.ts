import { ArgsealError, ToolArgumentsValidationError } from '@argseal/core';
import { COMMANDS, findCommand } from './commands/index.js';
import { quote } from './display.js';
import { CliInputError, CliUsageError, rejectionLine, usageLine } from './errors.js';
import { EXIT_CODES } from './exit-codes.js';
import { commandHelp, topLevelHelp } from './help.js';
import type { CliIo } from './io.js';
import { parseCommandArgs } from './parse-command-args.js';
import { VERSION } from './version.js';

/**
 * Runs `argseal` with `argv` (the arguments after the program name) and returns the
 * exit status (see EXIT_CODES). Never throws: every failure is one line on `io.stderr`
 * and nothing on `io.stdout`.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    return report(error, io);
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    throw new CliUsageError('missing_command', 'run "argseal --help" for usage');
  }
  if (first === '-h' || first === '--help') return printed(io, topLevelHelp());
  if (first === '-v' || first === '--version') return printed(io, `${VERSION}\n`);
  if (first === 'help') return help(rest, io);
  if (first.startsWith('-')) {
    throw new CliUsageError('unknown_option', `${quote(first)}; run "argseal --help" for usage`);
  }
  const command = findCommand(first);
  if (command === undefined) throw unknownCommand(first);
  const parsed = parseCommandArgs(command, rest);
  if (parsed.help) return printed(io, commandHelp(command));
  return command.run(parsed, io);
}

function help(rest: readonly string[], io: CliIo): number {
  if (rest.length === 0) return printed(io, topLevelHelp());
  const [name, extra] = rest;
  if (extra !== undefined)
    throw new CliUsageError('unexpected_argument', `${quote(extra)} for "help"`);
  const command = findCommand(name as string);
  if (command === undefined) throw unknownCommand(name as string);
  return printed(io, commandHelp(command));
}

function unknownCommand(name: string): CliUsageError {
  const known = COMMANDS.map((c) => c.name).join(', ');
  return new CliUsageError('unknown_command', `${quote(name)}; commands: ${known}, help`);
}

function printed(io: CliIo, text: string): number {
  io.stdout.write(text);
  return EXIT_CODES.ok;
}

function report(error: unknown, io: CliIo): number {
  if (error instanceof CliUsageError) {
    io.stderr.write(usageLine(error));
    return EXIT_CODES.usage;
  }
  if (ToolArgumentsValidationError.isInstance(error) || error instanceof CliInputError) {
    io.stderr.write(rejectionLine(error.stage, error.code, error.path));
    return EXIT_CODES.rejected;
  }
  const name = error instanceof Error ? error.name : typeof error;
  io.stderr.write(`error: internal/${internalCode(error)} (${quote(name).slice(1, -1)})\n`);
  return EXIT_CODES.internal;
}

/**
 * The code of an `internal/<code>` line: an argseal error's code when it has the shape of
 * one (lowercase snake case, at most 64 characters), else `unexpected_error`, so no
 * arbitrary text is printed as a code.
 */
function internalCode(error: unknown): string {
  if (!ArgsealError.isInstance(error)) return 'unexpected_error';
  const code: unknown = error.code;
  return typeof code === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(code)
    ? code
    : 'unexpected_error';
}
