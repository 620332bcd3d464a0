import { describe, expect, it } from 'vitest';
import { runBin } from './__fixtures__/run-bin.js';
import { EXIT_CODES } from './exit-codes.js';

const NAMES = ['--agent', 'a', '--tool', 't'];

/** [args, exact stderr line]. Every case: exit 64, empty stdout. */
const USAGE_ERRORS: [string[], string][] = [
  [[], 'usage/missing_command run "argseal --help" for usage'],
  [
    ['bogus'],
    'usage/unknown_command "bogus"; commands: canonicalize, hash, console, audit, mcp, hook, approve, policy, help',
  ],
  [['--bogus'], 'usage/unknown_option "--bogus"; run "argseal --help" for usage'],
  [['canonicalize', '--bogus'], 'usage/unknown_option "--bogus" for "canonicalize"'],
  [['canonicalize', '-x'], 'usage/unknown_option "-x" for "canonicalize"'],
  [['canonicalize', 'a.json', 'b.json'], 'usage/unexpected_argument "b.json" for "canonicalize"'],
  [['canonicalize', 'missing.json'], 'usage/unreadable_file cannot read "missing.json" (ENOENT)'],
  [['canonicalize', '.'], 'usage/unreadable_file cannot read "." (EISDIR)'],
  [
    ['canonicalize', 'no\u001b[31mpe'],
    'usage/unreadable_file cannot read "no\\u001b[31mpe" (ENOENT)',
  ],
  [
    ['canonicalize', '--max-depth', '0'],
    'usage/invalid_option_value --max-depth must be an integer from 1 to 1000, got "0"',
  ],
  [
    ['canonicalize', '--max-depth', '1001'],
    'usage/invalid_option_value --max-depth must be an integer from 1 to 1000, got "1001"',
  ],
  [
    ['canonicalize', '--max-length=1.5'],
    'usage/invalid_option_value --max-length must be an integer from 1 to 268435456, got "1.5"',
  ],
  [['canonicalize', '--max-depth'], 'usage/missing_value "--max-depth" needs a value'],
  [['hash', '--tool', 't'], 'usage/missing_option --agent is required'],
  [['hash', '--agent', 'a'], 'usage/missing_option --tool is required'],
  [['hash', '--agent', '--tool', 't'], 'usage/missing_value "--agent" needs a value'],
  [
    ['hash', '--agent=', '--tool', 't'],
    'usage/invalid_option_value --agent must be a non-empty well-formed string, got ""',
  ],
  [['hash', ...NAMES, '--agent', 'b'], 'usage/duplicate_option "--agent" given more than once'],
  [['hash', ...NAMES, '--help=yes'], 'usage/unexpected_value "--help" takes no value'],
  [['hash', ...NAMES, 'missing.json'], 'usage/unreadable_file cannot read "missing.json" (ENOENT)'],
  [
    ['help', 'bogus'],
    'usage/unknown_command "bogus"; commands: canonicalize, hash, console, audit, mcp, hook, approve, policy, help',
  ],
];

describe('usage errors: exit 64, one stderr line, nothing on stdout', () => {
  it.each(USAGE_ERRORS)('%j', async (args, line) => {
    const r = await runBin(args, '{}');
    expect(r).toEqual({ status: 64, stdout: '', stderr: `error: ${line}\n` });
  });

  it('does not read stdin before the names are known to be valid', async () => {
    // Rejected input would exit 2; the usage error must win.
    const r = await runBin(['hash', '--tool', 't'], '{"a":1,"a":1}');
    expect(r.status).toBe(64);
  });
});

describe('--help and --version', () => {
  it.each([['--help'], ['-h'], ['help']])('top level %s lists every command', async (...args) => {
    const r = await runBin(args);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: argseal <command> \[options\]\n/);
    for (const name of ['canonicalize', 'hash', 'help'])
      expect(r.stdout).toMatch(new RegExp(`\\n  ${name} +\\S`));
    expect(r.stdout).toContain('  64  usage error');
    // every exit status the command can end with is explained
    for (const status of Object.values(EXIT_CODES))
      expect(r.stdout).toMatch(new RegExp(`\\n  ${status} +\\S`));
  });

  const COMMAND_HELP: [string[], string][] = [
    [['canonicalize', '--help'], 'Usage: argseal canonicalize [options] [FILE|-]\n'],
    [['canonicalize', '-h'], 'Usage: argseal canonicalize [options] [FILE|-]\n'],
    [['help', 'canonicalize'], 'Usage: argseal canonicalize [options] [FILE|-]\n'],
    [['hash', '--help'], 'Usage: argseal hash --agent NAME --tool NAME [options] [FILE|-]\n'],
    [
      ['hash', '-h', '--bogus'],
      'Usage: argseal hash --agent NAME --tool NAME [options] [FILE|-]\n',
    ],
    [['help', 'hash'], 'Usage: argseal hash --agent NAME --tool NAME [options] [FILE|-]\n'],
  ];
  it.each(COMMAND_HELP)('%j prints the command help and exits 0', async (args, first) => {
    const r = await runBin(args);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.startsWith(first)).toBe(true);
    expect(r.stdout).toContain('-h, --help');
    expect(r.stdout).toContain('  2   input rejected');
  });

  it('hash help names its required options', async () => {
    const r = await runBin(['hash', '--help']);
    expect(r.stdout).toMatch(/--agent NAME +agent name \(required\)/);
    expect(r.stdout).toMatch(/--tool NAME +tool name \(required\)/);
  });

  it('--version and -v print the package version', async () => {
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    for (const flag of ['--version', '-v']) {
      expect(await runBin([flag])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
    }
  });
});
