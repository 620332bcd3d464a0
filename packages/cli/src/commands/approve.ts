import type { StoredProposal } from '@argseal/core';
import type { ApprovalGrant } from '@argseal/core/store';
import { displaySafe, quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from '../exit-codes.js';
import { importOptional } from '../import-optional.js';
import type { CliIo } from '../io.js';
import { approveRefusalCode } from './approve-refusal.js';
import { type HooksCli, loadHooks } from './load-hooks.js';
import { openWake } from './open-wake.js';
import type { CliArgs, CliCommand } from './types.js';

function line(p: StoredProposal, withVotes = true): string {
  const args =
    p.argsCanonicalJson.length > 400
      ? `${p.argsCanonicalJson.slice(0, 400)}…`
      : p.argsCanonicalJson;
  const votes = withVotes && p.approvals ? ` [${progress(p.approvals)}]` : '';
  return displaySafe(`${p.id}  ${p.tool}  ${args}  (${p.reason})${votes}`);
}

function progress(a: NonNullable<StoredProposal['approvals']>): string {
  return `${a.received.length} of ${a.required} approvals`;
}

/** What the decision did: a four-eyes vote short of `required` is not a live grant yet. */
function outcome(proposal: StoredProposal, grant: ApprovalGrant): string {
  const shown = line(proposal, false);
  if (grant.decision === 'reject') return `rejected ${shown}`;
  const a = grant.approvals;
  if (a && a.received.length < a.required)
    return `recorded approval for ${shown}: ${progress(a)} recorded; more approvals needed`;
  const votes = a ? ` (${progress(a)})` : '';
  return `approved ${shown} for ${grant.usesLeft} use(s)${votes}`;
}

/** A HookError of the config stage: its message names the config paths, never call data. */
function isConfigRefusal(error: unknown): error is Error {
  return (
    error instanceof Error &&
    error.name === 'HookError' &&
    (error as { stage?: unknown }).stage === 'config'
  );
}

function str(args: CliArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

function uses(args: CliArgs): number | undefined {
  const v = str(args, 'uses');
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    throw new CliUsageError(
      'invalid_option_value',
      `--uses must be an integer from 1 to 1000, got ${quote(v)}`,
    );
  }
  return n;
}

/** `argseal approve <id>`: decides a proposal the hook is waiting on (from `@argseal/hooks`). */
export const approveCommand: CliCommand = {
  name: 'approve',
  synopsis:
    'approve <PROPOSAL-ID> [--reject] [--approver NAME] [--note TEXT] [--uses N] [--config FILE] | approve --list | approve --mcp [ID] [--server NAME --all-definitions]',
  summary:
    'approve or reject a proposal waiting in the hook store (needs @argseal/hooks), or with --mcp an MCP call or tool definition (needs @argseal/mcp)',
  description: [
    "Decides the proposal named in the hook's deny reason, in the store the hook config names",
    '(default: the embedded store in ~/.local/share/argseal). The grant is bound to that',
    "proposal's exact call and single-use unless --uses says otherwise; the identical retry",
    'runs once. --list prints the pending proposals with their canonical arguments.',
    'A "wake" entry in the config ({"engine": "dbos" | "workflow", "url", ...}) also wakes',
    'the durable workflow waiting for the decision (needs @argseal/dbos or @argseal/workflow).',
    '',
    'With --mcp: the store of "argseal mcp" (--config, --data-dir, --database-url or',
    '--console-url as for "argseal mcp"). Without ID it prints every pending call (arguments',
    'shown as text, the policy reason as a sentence) and every pending tool definition by',
    'server; ID is a call proposal (a spent or expired one is re-opened and approved again in',
    'one action) or a tool definition; --server NAME --all-definitions shows and approves',
    'every pending definition of that server.',
  ].join('\n'),
  options: {
    reject: { type: 'boolean', description: 'reject instead of approve' },
    list: { type: 'boolean', description: 'list pending proposals' },
    approver: {
      type: 'string',
      valueName: 'NAME',
      description: 'who decides (default: the OS user)',
    },
    note: { type: 'string', valueName: 'TEXT', description: 'note recorded with the decision' },
    uses: {
      type: 'string',
      valueName: 'N',
      description: 'how many runs the grant allows (default 1)',
    },
    config: {
      type: 'string',
      valueName: 'FILE',
      description: 'hook config (as for "argseal hook"), or with --mcp the proxy config',
    },
    mcp: { type: 'boolean', description: "decide in the MCP proxy's store (needs @argseal/mcp)" },
    server: {
      type: 'string',
      valueName: 'NAME',
      description: 'with --mcp --all-definitions: the server whose definitions to approve',
    },
    'all-definitions': {
      type: 'boolean',
      description: 'with --mcp --server: approve every pending definition of the server',
    },
    'data-dir': {
      type: 'string',
      valueName: 'DIR',
      description: 'with --mcp: embedded data directory',
    },
    'database-url': {
      type: 'string',
      valueName: 'URL',
      description: 'with --mcp: PostgreSQL connection string',
    },
    'console-url': {
      type: 'string',
      valueName: 'URL',
      description: 'with --mcp: a running console',
    },
  },
  maxPositionals: 1,
  async run(args, io) {
    if (args.values.mcp === true) return approveMcp(args, io);
    const [id] = args.positionals;
    const list = args.values.list === true;
    if (list === (id !== undefined)) {
      throw list
        ? new CliUsageError('unexpected_argument', '--list takes no proposal id')
        : new CliUsageError('missing_argument', 'a proposal id (or --list)');
    }
    const n = uses(args);
    const hooks = await loadHooks('approve');
    try {
      return await decideOrList(hooks, args, list ? undefined : id, n, io);
    } catch (error) {
      // store and config refusals are answers, not bugs: one line, exit 2
      const code = approveRefusalCode(error);
      if (code === undefined) throw error;
      // a config refusal also says which files it looked for (its message names paths only)
      const where = isConfigRefusal(error) ? ` ${displaySafe(error.message)}` : '';
      io.stderr.write(`error: approve/${code}${where}\n`);
      return EXIT_CODES.rejected;
    }
  },
};

interface McpModule {
  runMcpCli(
    argv: readonly string[],
    io: { stdout: (text: string) => void; stderr: (text: string) => void },
  ): Promise<number>;
}

const MCP_FORWARDED = [
  'config',
  'approver',
  'note',
  'server',
  'data-dir',
  'database-url',
  'console-url',
] as const;

/** `argseal approve --mcp ...`: `argseal mcp approve ...` of `@argseal/mcp`. */
async function approveMcp(args: CliArgs, io: CliIo): Promise<number> {
  if (args.values.uses !== undefined)
    throw new CliUsageError('unexpected_argument', '--uses is not available with --mcp');
  const mod = await importOptional<McpModule>('@argseal/mcp/cli', 'approve');
  const argv = ['approve', ...args.positionals];
  for (const name of MCP_FORWARDED) {
    const value = args.values[name];
    if (typeof value === 'string') argv.push(`--${name}=${value}`);
  }
  if (args.values.reject === true) argv.push('--reject');
  if (args.values['all-definitions'] === true) argv.push('--all-definitions');
  const code = await mod.runMcpCli(argv, {
    stdout: (text) => io.stdout.write(text),
    stderr: (text) => io.stderr.write(text),
  });
  if (code === EXIT_CODES.ok || code === EXIT_CODES.rejected || code === EXIT_CODES.usage)
    return code;
  return EXIT_CODES.internal;
}

async function decideOrList(
  hooks: HooksCli,
  args: CliArgs,
  id: string | undefined,
  n: number | undefined,
  io: CliIo,
): Promise<number> {
  const where = { env: process.env, cwd: io.cwd ?? process.cwd() };
  if (id === undefined) {
    const pending = await hooks.listPendingProposals(str(args, 'config'), where);
    io.stdout.write(
      pending.length === 0
        ? 'no pending proposals\n'
        : `${pending.map((p) => line(p)).join('\n')}\n`,
    );
    return EXIT_CODES.ok;
  }
  const { proposal, grant } = await hooks.approveProposal(
    {
      id,
      reject: args.values.reject === true,
      approver: str(args, 'approver'),
      note: str(args, 'note'),
      uses: n,
      configPath: str(args, 'config'),
    },
    where,
    { openWake: (target) => openWake(target, io) },
  );
  io.stdout.write(`${outcome(proposal, grant)}\n`);
  return EXIT_CODES.ok;
}
