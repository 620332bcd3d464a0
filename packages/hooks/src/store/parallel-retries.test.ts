import { spawn } from 'node:child_process';
import { verifyAuditChain } from '@argseal/core/store';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { HOOK_BIN } from '../__fixtures__/project.js';
import { auditOf } from '../__fixtures__/store-audit.js';
import { approveProposal } from '../approve/approve.js';

const N = 8;
const CONFIG = { rules: [{ tool: 'Bash', command: 'make', decision: 'require_approval' }] };

/** One hook process, as the host starts it: the built CLI entry, stdin in, decision out. */
function hookProcess(configPath: string, stdin: string) {
  return new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [HOOK_BIN, 'claude-code', '--config', configPath]);
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(stdin);
  });
}

describe('embedded store: identical retries in parallel processes', () => {
  it(`exactly one of ${N} identical retries runs after one approval`, async () => {
    const file = configFile(CONFIG);
    const input = hookInput('Bash', { command: 'make deploy' });
    const first = await runInProcess('claude-code', input, file);
    const id = (/proposal ([0-9a-f-]{36})/.exec(first.stdout) as RegExpExecArray)[1] as string;
    await approveProposal({ id, configPath: file.path }, { env: {}, cwd: '/' });

    const runs = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        hookProcess(file.path, input.replace('toolu_1', `toolu_p${i}`)),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual(Array(N).fill(0));
    const answers = runs.map((r) => JSON.parse(r.stdout).hookSpecificOutput);
    expect(answers.filter((a) => a.permissionDecision === 'allow')).toHaveLength(1);
    const denied = answers.filter((a) => a.permissionDecision === 'deny');
    expect(denied).toHaveLength(N - 1);
    // the others wait on one new proposal, not on the used one
    const ids = new Set(
      denied.map((a) => (/proposal ([0-9a-f-]{36})/.exec(a.permissionDecisionReason) ?? [])[1]),
    );
    expect([...ids]).toHaveLength(1);
    expect(ids.has(id)).toBe(false);

    const records = await auditOf(file.dataDir);
    expect((await verifyAuditChain(records)).ok).toBe(true);
    expect(records.filter((r) => r.type === 'approval_consumed').map((r) => r.proposalId)).toEqual([
      id,
    ]);
  });
});
