import { COMMANDS } from './commands/index.js';
import type { CliCommand, CliOptionSpec } from './commands/types.js';
import { HELP_OPTION } from './parse-command-args.js';

const EXIT_STATUS = [
  'Exit status:',
  '  0   success',
  '  1   audit verify: the audit chain does not verify ("error: audit/<reason> at record <i>")',
  '  2   input rejected; stderr has one line "error: <stage>/<code> at <path>",',
  '      where <path> is the JSON Pointer of the offending value, "(root)" for the whole input;',
  '      approve: a store or config refusal ("error: approve/<code>");',
  '      mcp pins: an unknown or already decided pin ("error: pins/<code> <detail>")',
  '  64  usage error ("error: usage/<code> <detail>": unknown command or option, missing',
  '      option, unreadable file; mcp: a missing or invalid config, an unusable store)',
  '  70  internal error (a bug in argseal)',
].join('\n');

/** Help text of `argseal` itself. */
export function topLevelHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 'help'.length) + 2;
  const rows = [...COMMANDS.map((c) => [c.name, c.summary]), ['help', 'show help for a command']];
  return [
    'Usage: argseal <command> [options]',
    '',
    'Canonicalize and hash AI agent tool-call arguments exactly as argseal does.',
    '',
    'Commands:',
    ...rows.map(([name, summary]) => `  ${(name as string).padEnd(width)}${summary}`),
    '',
    'Options:',
    '  -h, --help     show this help',
    '  -v, --version  print the version',
    '',
    EXIT_STATUS,
    '',
    'Run "argseal <command> --help" for the options of a command.',
    '',
  ].join('\n');
}

/** Help text of one command. */
export function commandHelp(command: CliCommand): string {
  const specs: [string, CliOptionSpec][] = [
    ...Object.entries(command.options),
    ['help', HELP_OPTION],
  ];
  const labels = specs.map(([name, spec]) => {
    const long = spec.type === 'string' ? `--${name} ${spec.valueName ?? 'VALUE'}` : `--${name}`;
    return spec.short ? `-${spec.short}, ${long}` : `    ${long}`;
  });
  const width = Math.max(...labels.map((l) => l.length)) + 2;
  return [
    `Usage: argseal ${command.synopsis}`,
    '',
    command.description,
    '',
    'Options:',
    ...specs.map(([, spec], i) => `  ${(labels[i] as string).padEnd(width)}${spec.description}`),
    '',
    EXIT_STATUS,
    '',
  ].join('\n');
}
