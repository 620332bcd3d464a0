import { EXIT_CODES } from '../exit-codes.js';
import { importOptional } from '../import-optional.js';
import { selfCommand } from '../self-command.js';
import { STORAGE_OPTIONS } from './storage-options.js';
import type { CliCommand } from './types.js';

interface ConsoleModule {
  runConsoleCli(
    argv: readonly string[],
    io: {
      stdout: (text: string) => void;
      stderr: (text: string) => void;
      command?: string;
    },
  ): Promise<{ code: number }>;
}

const FORWARDED = [
  'port',
  'host',
  'data-dir',
  'database-url',
  'config',
  'approver',
  'agent',
] as const;

/** `argseal console`: starts the approval console from `@argseal/console`, installed separately (`npm i @argseal/console`). */
export const consoleCommand: CliCommand = {
  name: 'console',
  synopsis:
    'console [--port N] [--host H] [--data-dir DIR] [--database-url URL] [--config FILE] | console --init [--config FILE] [--approver NAMES] [--agent NAMES]',
  summary: 'start the approval console (web page + JSON API; needs @argseal/console)',
  description: [
    'Starts the argseal approval console on 127.0.0.1:7407 with the embedded PGlite store',
    'in .argseal/ (or PostgreSQL with --database-url / DATABASE_URL). Approver tokens come',
    'from ARGSEAL_CONSOLE_TOKENS="alice:<token>" or --config FILE; there is no default',
    'token and the console refuses to start without one. Stops on Ctrl-C.',
    '--init creates the token file (default .argseal/console.json, mode 0600, never',
    'overwritten) with fresh tokens, prints them once and exits.',
  ].join('\n'),
  options: {
    port: { type: 'string', valueName: 'N', description: 'port (default 7407; 0 = any free port)' },
    host: { type: 'string', valueName: 'H', description: 'bind address (default 127.0.0.1)' },
    ...STORAGE_OPTIONS,
    config: {
      type: 'string',
      valueName: 'FILE',
      description: 'JSON token file (approvers, agents)',
    },
    init: { type: 'boolean', description: 'create the token file, print the tokens once, exit' },
    approver: {
      type: 'string',
      valueName: 'NAMES',
      description: 'with --init: approver names, comma-separated (default alice)',
    },
    agent: {
      type: 'string',
      valueName: 'NAMES',
      description: 'with --init: agent names, comma-separated',
    },
  },
  maxPositionals: 0,
  async run(args, io) {
    const mod = await importOptional<ConsoleModule>('@argseal/console/cli', 'console');
    const argv: string[] = [];
    for (const name of FORWARDED) {
      const value = args.values[name];
      if (typeof value === 'string') argv.push(`--${name}=${value}`);
    }
    if (args.values.init === true) argv.push('--init');
    const { code } = await mod.runConsoleCli(argv, {
      stdout: (text) => io.stdout.write(text),
      stderr: (text) => io.stderr.write(text),
      // --init prints a start command that works from here (in a checkout: node …/bin.js)
      command: selfCommand('console', {
        script: process.argv[1],
        env: process.env,
        cwd: io.cwd ?? process.cwd(),
      }),
    });
    // The console reports its own failures (bad option, no token, storage) on stderr.
    return code === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
  },
};
