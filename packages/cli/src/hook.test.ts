import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConsole } from '@argseal/console';
import { stopStoreDaemon } from '@argseal/hooks/cli';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin } from './__fixtures__/run-bin.js';

// each config has its own store daemon (the default store); stopped when the file ends
const dataDirs = new Set<string>();
afterAll(() => Promise.all([...dataDirs].map((dir) => stopStoreDaemon(dir))));

function config(extra: object = {}) {
  const root = mkdtempSync(join(tmpdir(), 'argseal-cli-hook-'));
  const dataDir = join(root, 'data');
  const path = join(root, 'hook.json');
  const rules = [
    { tool: 'Bash', onlyCommands: ['ls'], decision: 'allow' },
    { tool: 'Bash', command: 'make', decision: 'require_approval', reason: 'build' },
  ];
  dataDirs.add(dataDir);
  // timeouts: the first call starts the store daemon, which creates a PGlite database (slow
  // on a loaded machine)
  const store = { type: 'embedded', dataDir, startTimeoutMs: 100_000, idleMs: 60_000 };
  writeFileSync(path, JSON.stringify({ rules, timeoutMs: 100_000, store, ...extra }));
  return { path, dataDir };
}

const input = (command: string) =>
  JSON.stringify({
    session_id: 's',
    cwd: '/p',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 't1',
  });

describe('argseal hook', () => {
  it('prints the decision JSON (exit 0)', async () => {
    const c = config();
    const r = await runBin(['hook', 'claude-code', '--config', c.path], input('ls'));
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: 'allow',
      updatedInput: { command: 'ls' },
    });
  });

  it('blocks bad input: exit 2, one line, nothing stored', async () => {
    const c = config();
    const r = await runBin(
      ['hook', 'codex', '--config', c.path],
      '{"tool_name":"Bash","tool_name":"x"}',
    );
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: 'argseal hook: blocked (decode/duplicate_key at /tool_name)\n',
    });
    expect(existsSync(c.dataDir)).toBe(false);
  });

  it('blocks an invalid config (exit 2)', async () => {
    const c = config({ default: 'maybe' });
    const r = await runBin(['hook', 'codex', '--config', c.path], input('ls'));
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: 'argseal hook: blocked (config/invalid_config at /default)\n',
    });
  });

  it('usage errors (exit 64)', async () => {
    expect(await runBin(['hook'])).toEqual({
      status: 64,
      stdout: '',
      stderr:
        'error: usage/missing_argument a host; expected claude-code, codex, permission-server\n',
    });
    const r = await runBin(['hook', 'cursor']);
    expect(r.stderr).toBe(
      'error: usage/unknown_host "cursor"; expected claude-code, codex, permission-server\n',
    );
  });
});

/** Runs the hook on `make` (needs approval) and returns the proposal id its deny names. */
async function pendingProposal(configPath: string): Promise<string> {
  const denied = JSON.parse(
    (await runBin(['hook', 'codex', '--config', configPath], input('make'))).stdout,
  );
  const reason: string = denied.hookSpecificOutput.permissionDecisionReason;
  return (/proposal ([0-9a-f-]{36})/.exec(reason) as RegExpExecArray)[1] as string;
}

describe('argseal approve', () => {
  it('approves the proposal named in the deny reason; the identical retry runs once', async () => {
    const c = config();
    const id = await pendingProposal(c.path);
    const list = await runBin(['approve', '--list', '--config', c.path]);
    expect(list.stdout).toBe(`${id}  Bash  {"command":"make"}  (build)\n`);
    const ok = await runBin(['approve', id as string, '--approver', 'alice', '--config', c.path]);
    expect(ok).toEqual({
      status: 0,
      stdout: `approved ${id}  Bash  {"command":"make"}  (build) for 1 use(s)\n`,
      stderr: '',
    });
    const ran = JSON.parse(
      (await runBin(['hook', 'codex', '--config', c.path], input('make'))).stdout,
    );
    expect(ran.hookSpecificOutput.permissionDecision).toBe('allow');
    const again = JSON.parse(
      (await runBin(['hook', 'codex', '--config', c.path], input('make'))).stdout,
    );
    expect(again.hookSpecificOutput.permissionDecision).toBe('deny');
  }, 120_000); // creates a PGlite database (initdb) on a shared machine

  it('four eyes: a vote short of the rule is recorded, not a grant; the second approver makes it live', async () => {
    const c = config();
    // a config module: the rule's require_approval keeps the module policy's four-eyes rule
    const module = c.path.replace(/\.json$/, '.mjs');
    writeFileSync(
      module,
      `export default { ...${readFileSync(c.path, 'utf8')}, policy: () => ({ type: 'require_approval', reason: 'build', approvals: { required: 2 } }) };\n`,
    );
    const hook = async () =>
      JSON.parse((await runBin(['hook', 'codex', '--config', module], input('make'))).stdout)
        .hookSpecificOutput;
    const id = (
      /proposal ([0-9a-f-]{36})/.exec((await hook()).permissionDecisionReason) as RegExpExecArray
    )[1] as string;
    const pending = `${id}  Bash  {"command":"make"}  (build)`;
    const list = async () => (await runBin(['approve', '--list', '--config', module])).stdout;
    expect(await list()).toBe(`${pending} [0 of 2 approvals]\n`);

    expect(await runBin(['approve', 'nope', '--config', module])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: approve/proposal_not_found\n',
    });
    expect(await list()).toBe(`${pending} [0 of 2 approvals]\n`);

    expect(await runBin(['approve', id, '--approver', 'alice', '--config', module])).toEqual({
      status: 0,
      stdout: `recorded approval for ${pending}: 1 of 2 approvals recorded; more approvals needed\n`,
      stderr: '',
    });
    expect((await hook()).permissionDecision).toBe('deny');
    expect(await runBin(['approve', id, '--approver', 'alice', '--config', module])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: approve/duplicate_approval\n',
    });
    expect(await list()).toBe(`${pending} [1 of 2 approvals]\n`);

    expect(await runBin(['approve', id, '--approver', 'bob', '--config', module])).toEqual({
      status: 0,
      stdout: `approved ${pending} for 1 use(s) (2 of 2 approvals)\n`,
      stderr: '',
    });
    expect(await list()).toBe('no pending proposals\n');
    expect((await hook()).permissionDecision).toBe('allow');
    expect((await hook()).permissionDecision).toBe('deny');
  }, 120_000);

  it('the default store is embedded PGlite: argseal audit verify and the console read the same store', async () => {
    const c = config();
    const id = await pendingProposal(c.path);
    const allowed = await runBin(['hook', 'codex', '--config', c.path], input('ls'));
    expect(JSON.parse(allowed.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    // the daemon's database, shared through its lock while the daemon runs
    const db = join(c.dataDir, 'db');
    const verified = await runBin(['audit', 'verify', '--data-dir', db]);
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    const head = /^head (\d+):[0-9a-f]{64}$/m.exec(verified.stdout);
    // proposed, decided, approval_requested (make); proposed, decided (ls)
    expect(Number(head?.[1])).toBeGreaterThanOrEqual(5);
    const token = 'alice-token-0123456789';
    const consoleOnDb = await startConsole({
      storage: 'embedded',
      dataDir: db,
      port: 0,
      tokens: { alice: token },
      env: {},
    });
    try {
      const res = await fetch(`${consoleOnDb.url}/api/proposals?status=pending`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { proposals } = (await res.json()) as { proposals: { id: string }[] };
      expect(proposals.map((p) => p.id)).toEqual([id]);
    } finally {
      await consoleOnDb.close();
    }
    // and the hooks go on using it
    const again = await runBin(['hook', 'codex', '--config', c.path], input('make'));
    expect(JSON.parse(again.stdout).hookSpecificOutput.permissionDecisionReason).toContain(id);
  }, 240_000);

  it('refusals: unknown id (exit 2), usage errors (exit 64)', async () => {
    const c = config();
    expect(await runBin(['approve', 'nope', '--config', c.path])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: approve/proposal_not_found\n',
    });
    expect((await runBin(['approve'])).stderr).toBe(
      'error: usage/missing_argument a proposal id (or --list)\n',
    );
    expect((await runBin(['approve', 'x', '--list'])).stderr).toBe(
      'error: usage/unexpected_argument --list takes no proposal id\n',
    );
    expect((await runBin(['approve', 'x', '--uses', '0'])).stderr).toBe(
      'error: usage/invalid_option_value --uses must be an integer from 1 to 1000, got "0"\n',
    );
  });

  it('approve --list without a config names every path it looked for (exit 2, nothing created)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'argseal-cli-noconfig-'));
    const env = { HOME: home, XDG_CONFIG_HOME: '', ARGSEAL_HOOK_CONFIG: '', ARGSEAL_DATA_DIR: '' };
    const looked = ['json', 'mjs', 'js', 'ts'].map((e) =>
      join(home, '.config', 'argseal', `hook.${e}`),
    );
    expect(await runBin(['approve', '--list'], undefined, { env })).toEqual({
      status: 2,
      stdout: '',
      stderr: `error: approve/config_not_found no hook config found: looked for ${looked.join(', ')} (pass --config FILE or set ARGSEAL_HOOK_CONFIG)\n`,
    });
    const missing = join(home, 'elsewhere.json');
    expect(
      (await runBin(['approve', 'some-id', '--config', missing], undefined, { env })).stderr,
    ).toBe(
      `error: approve/config_not_found no hook config found: looked for ${missing} (pass --config FILE or set ARGSEAL_HOOK_CONFIG)\n`,
    );
    // no data directory (no store) was created under the empty home
    expect(existsSync(join(home, '.local'))).toBe(false);
    expect(existsSync(join(home, '.config'))).toBe(false);
  });
});
