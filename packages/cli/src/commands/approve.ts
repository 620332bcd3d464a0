import type { StoredProposal } from '@argseal/core';
import type { ApprovalGrant } from '@argseal/core/store';
import { displaySafe, quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { approveRefusalCode } from './approve-refusal.js';
import { type HooksCli, loadHooks } from './load-hooks.js';
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
    'approve <PROPOSAL-ID> [--reject] [--approver NAME] [--note TEXT] [--uses N] [--config FILE] | approve --list',
  summary: 'approve or reject a proposal waiting in the hook store (needs @argseal/hooks)',
  description: [
    "Decides the proposal named in the hook's deny reason, in the store the hook config names",
    '(default: the embedded store in ~/.local/share/argseal). The grant is bound to that',
    "proposal's exact call and single-use unless --uses says otherwise; the identical retry",
    'runs once. --list prints the pending proposals with their canonical arguments.',
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
      description: 'hook config (as for "argseal hook")',
    },
  },
  maxPositionals: 1,
  async run(args, io) {
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
  );
  io.stdout.write(`${outcome(proposal, grant)}\n`);
  return EXIT_CODES.ok;
}
