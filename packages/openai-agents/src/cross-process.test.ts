import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeProposalHash } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import { createSqlApprovalStore, openEmbeddedDatabase } from '@argseal/postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { tamperStateText } from './__fixtures__/harness.js';

const STEP = fileURLToPath(new URL('./__fixtures__/process-step.mjs', import.meta.url));
const dirs: string[] = [];

function step(dir: string, name: string): any {
  return JSON.parse(execFileSync(process.execPath, [STEP, dir, name], { encoding: 'utf8' }));
}

function executions(dir: string): { input: unknown; proposalHash: string }[] {
  const file = join(dir, 'executions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

async function proposals(dir: string) {
  const db = await openEmbeddedDatabase(join(dir, 'db'));
  try {
    return await createSqlApprovalStore(db).listProposals({ status: 'all' });
  } finally {
    await db.close();
  }
}

const hashOf = (args: object) =>
  computeProposalHash({
    agent: 'support',
    tool: 'refund',
    argsCanonicalJson: canonicalize(args as never),
  });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('RunState across processes (built package, PGlite store)', { timeout: 180_000 }, () => {
  it('pause, approve and resume in three processes: runs once; replaying the text runs nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'argseal-oa-'));
    dirs.push(dir);
    expect(step(dir, 'pause')).toEqual({ interruptions: 1, pending: ['pending'] });
    expect(executions(dir)).toEqual([]);
    expect(step(dir, 'approve')).toEqual({ grants: ['approve'] });
    const approvedText = readFileSync(join(dir, 'state.txt'), 'utf8');
    const resumed = step(dir, 'resume');
    expect(resumed.interruptions).toBe(0);
    expect(executions(dir)).toEqual([
      {
        input: { amount: 25000, orderId: 'o-1' },
        proposalHash: await hashOf({ orderId: 'o-1', amount: 25000 }),
      },
    ]);
    writeFileSync(join(dir, 'state.txt'), approvedText);
    const replay = step(dir, 'resume');
    expect(executions(dir)).toHaveLength(1);
    expect(replay.outputs.at(-1)).toContain('code=approval_used_up');
  });

  it('an approved RunState whose arguments were edited is refused and becomes a new proposal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'argseal-oa-'));
    dirs.push(dir);
    step(dir, 'pause');
    step(dir, 'approve');
    const path = join(dir, 'state.txt');
    // A capable attacker edits the arguments AND the SDK's own approval fingerprint
    // (plain JSON, no key: "number:25e3" is 25000 in its encoding), so the SDK's
    // consistency check passes and argseal's hash binding is what refuses.
    const edited = tamperStateText(readFileSync(path, 'utf8'), 'call-refund', {
      orderId: 'o-1',
      amount: 9_000_000,
    }).replaceAll('number:25e3', 'number:9e6');
    expect(edited).not.toContain('25000');
    writeFileSync(path, edited);
    const resumed = step(dir, 'resume');
    expect(executions(dir)).toEqual([]);
    expect(resumed.outputs.at(-1)).toContain('code=approval_required');
    const all = await proposals(dir);
    const byHash = new Map(all.map((p) => [p.proposalHash, p.status]));
    expect(byHash.get(await hashOf({ orderId: 'o-1', amount: 25000 }))).toBe('approved');
    expect(byHash.get(await hashOf({ orderId: 'o-1', amount: 9_000_000 }))).toBe('pending');
  });
});
