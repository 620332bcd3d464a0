import { open, readFile } from 'node:fs/promises';
import { type ApprovalStore, type AuditSink, createMemoryApprovalStore } from '@argseal/core';
import type { ApprovalDecisionInput, AuditEvent, SuspendedToolProposal } from '@argseal/core/store';
import { HookError } from '../errors.js';

/** One successful state change of the approval store, as a journal line. */
type Entry =
  | { op: 'suspend'; at: string; proposal: Omit<SuspendedToolProposal, 'parsedArguments'> }
  | { op: 'decide'; at: string; hash: string; input: ApprovalDecisionInput }
  | { op: 'consume'; at: string; hash: string; agent: string };

function corrupt(line: number, cause?: unknown): HookError {
  return new HookError(
    'store',
    'store_corrupt',
    `approval journal line ${line} cannot be replayed`,
    {
      cause,
    },
  );
}

async function readJournal(path: string): Promise<{ entries: Entry[]; validBytes: number }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], validBytes: 0 };
    throw error;
  }
  // a line without its newline is a write that never completed: its call never got an
  // answer, so it did not happen; it is cut off before the next append
  const end = text.lastIndexOf('\n') + 1;
  const entries: Entry[] = [];
  let n = 0;
  for (const line of text.slice(0, end).split('\n')) {
    n++;
    if (line === '') continue;
    try {
      entries.push(JSON.parse(line) as Entry);
    } catch (cause) {
      throw corrupt(n, cause);
    }
  }
  return { entries, validBytes: Buffer.byteLength(text.slice(0, end)) };
}

/**
 * The embedded approval store: core's memory store, rebuilt in each hook process by
 * replaying `approvals.jsonl` (every successful suspend / decide / consume, with the time it
 * happened, so expiry replays exactly), and journaling each new change with an fsync before
 * it returns. The caller holds the store lock for the whole session, so a load, a consume
 * and its journal line are one step across processes: a grant is used once. No database
 * starts on the hook path.
 */
export async function openJournalApprovals(path: string, audit: AuditSink): Promise<ApprovalStore> {
  const { entries, validBytes } = await readJournal(path);
  let replayAt: Date | undefined;
  let live = false;
  const gated: AuditSink = {
    append: (event: AuditEvent) =>
      live ? audit.append(event) : Promise.resolve(undefined as never),
    records: (q) => audit.records(q),
  };
  const memory = createMemoryApprovalStore({ audit: gated, now: () => replayAt ?? new Date() });
  for (const [i, e] of entries.entries()) {
    replayAt = new Date(e.at);
    try {
      if (e.op === 'suspend') await memory.suspend({ ...e.proposal, parsedArguments: null });
      else if (e.op === 'decide') await memory.decide(e.hash, e.input);
      else if (!(await memory.consume(e.hash, { agent: e.agent })).ok) throw new Error('no grant');
    } catch (cause) {
      throw corrupt(i + 1, cause);
    }
  }
  replayAt = undefined;
  live = true;

  let torn = validBytes;
  let queue: Promise<void> = Promise.resolve();
  /** Appends in the order the changes happened (one write at a time within the process). */
  function journal(entry: Entry): Promise<void> {
    const next = queue.then(() => write(entry));
    queue = next.catch(() => undefined);
    return next;
  }
  async function write(entry: Entry): Promise<void> {
    const handle = await open(path, 'a+', 0o600);
    try {
      const { size } = await handle.stat();
      if (size > torn) await handle.truncate(torn);
      const line = `${JSON.stringify(entry)}\n`;
      await handle.appendFile(line);
      await handle.datasync();
      torn += Buffer.byteLength(line);
    } finally {
      await handle.close();
    }
  }
  const at = () => new Date().toISOString();

  return {
    ...memory,
    async suspend(proposal) {
      const stored = await memory.suspend(proposal);
      const { parsedArguments: _p, ...rest } = proposal;
      await journal({ op: 'suspend', at: at(), proposal: rest });
      return stored;
    },
    async decide(hash, input) {
      const time = new Date();
      replayAt = time;
      try {
        const grant = await memory.decide(hash, input);
        await journal({ op: 'decide', at: time.toISOString(), hash, input });
        return grant;
      } finally {
        replayAt = undefined;
      }
    },
    async consume(hash, consumer) {
      const time = new Date();
      replayAt = time;
      try {
        const result = await memory.consume(hash, consumer);
        if (result.ok)
          await journal({ op: 'consume', at: time.toISOString(), hash, agent: consumer.agent });
        return result;
      } finally {
        replayAt = undefined;
      }
    },
  };
}
