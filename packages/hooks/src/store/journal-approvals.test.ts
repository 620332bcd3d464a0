import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { describeApprovalStoreContract, makeProposal } from '@argseal/test-kit';
import { describe, expect, it } from 'vitest';
import { openJournalApprovals } from './journal-approvals.js';
import { APPROVAL_STORE_METHODS } from './lazy-session.js';

const journalPath = () => join(mkdtempSync(join(tmpdir(), 'argseal-journal-')), 'approvals.jsonl');

/**
 * Every operation replays the journal from the file in a fresh store, one at a time (as hook
 * processes do under the store lock): the store's state lives only in the file.
 */
function reopeningStore(path: string, audit = createMemoryAuditLog()): ApprovalStore {
  let turn: Promise<unknown> = Promise.resolve();
  const store = {} as Record<string, unknown>;
  for (const method of APPROVAL_STORE_METHODS) {
    store[method] = (...args: unknown[]) => {
      const run = turn.then(async () => {
        const s = await openJournalApprovals(path, audit);
        return (s[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      });
      turn = run.catch(() => undefined);
      return run;
    };
  }
  return store as unknown as ApprovalStore;
}

describeApprovalStoreContract(
  'embedded journal (replayed from the file for every operation)',
  () => {
    const audit = createMemoryAuditLog();
    return { store: reopeningStore(journalPath(), audit), audit };
  },
);

describe('openJournalApprovals: the file', () => {
  it('an unfinished last line did not happen, and is cut off before the next append', async () => {
    const path = journalPath();
    const store = reopeningStore(path);
    const p = await makeProposal();
    await store.suspend(p);
    appendFileSync(path, '{"op":"decide","at":"2026-01-01T00:00:00.000Z","ha');
    expect((await store.findPending(p.proposalHash))?.id).toBe(p.id);
    await store.decide(p.proposalHash, { decision: 'approve', approver: 'a', proposalId: p.id });
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.map((l) => l.slice(0, 12))).toEqual(['{"op":"suspe', '{"op":"decid', '']);
    expect((await store.consume(p.bindingHash as string, { agent: p.agent })).ok).toBe(true);
    expect((await store.consume(p.bindingHash as string, { agent: p.agent })).ok).toBe(false);
  });

  it('a line that cannot be replayed is store_corrupt, and nothing is written', async () => {
    const path = journalPath();
    writeFileSync(
      path,
      '{"op":"consume","at":"2026-01-01T00:00:00.000Z","hash":"x","agent":"a"}\n',
    );
    const before = readFileSync(path, 'utf8');
    await expect(openJournalApprovals(path, createMemoryAuditLog())).rejects.toMatchObject({
      name: 'HookError',
      code: 'store_corrupt',
    });
    writeFileSync(path, 'not json\n');
    await expect(openJournalApprovals(path, createMemoryAuditLog())).rejects.toMatchObject({
      code: 'store_corrupt',
    });
    writeFileSync(path, before);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });
});
