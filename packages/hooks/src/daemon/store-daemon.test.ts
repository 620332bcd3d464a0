import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireEmbeddedLock } from '@argseal/postgres/lock';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { HOOK_BIN } from '../__fixtures__/project.js';
import { auditOf, embeddedStore } from '../__fixtures__/store-audit.js';
import { daemonLockOwner, daemonLockPath } from './daemon-lock.js';
import { DAEMON_FILES, readDaemonState } from './daemon-state.js';
import { stopStoreDaemon } from './start-daemon.js';

const CONFIG = { rules: [{ tool: 'Bash', onlyCommands: ['ls'], decision: 'allow' }] };

function hookProcess(configPath: string, stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [HOOK_BIN, 'claude-code', '--config', configPath]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Store daemons serving `dataDir` (their command line names it). */
const daemonsOf = (dataDir: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('serveStoreDaemon') && line.includes(JSON.stringify(dataDir)));

describe('the store daemon', () => {
  it('six hooks starting at once start one daemon and share its store', async () => {
    const file = configFile(CONFIG);
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        hookProcess(
          file.path,
          hookInput('Bash', { command: 'ls' }, { tool_use_id: `toolu_s${i}` }),
        ),
      ),
    );
    expect(runs.map((r) => [r.code, r.stderr])).toEqual(Array(6).fill([0, '']));
    expect(daemonsOf(file.dataDir)).toHaveLength(1);
    const state = await readDaemonState(file.dataDir);
    // the lock names the daemon that serves
    expect(await daemonLockOwner(daemonLockPath(file.dataDir))).toBe(state?.pid);
    expect(state?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // the tokens are the user's alone
    expect(statSync(join(file.dataDir, DAEMON_FILES.state)).mode & 0o777).toBe(0o600);
    expect(statSync(file.dataDir).mode & 0o777).toBe(0o700);
    const decided = (await auditOf(file.dataDir)).filter((r) => r.type === 'decided');
    expect(decided.map((r) => r.toolCallId).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `toolu_s${i}`),
    );
  });

  it('cold first calls with the default wait succeed: six at once on a new data directory', async () => {
    const file = configFile(CONFIG);
    // the shipped defaults (startTimeoutMs 15 s, timeoutMs 20 s), not the tests' long ones
    const store = { type: 'embedded', dataDir: embeddedStore(file.dataDir).dataDir };
    writeFileSync(file.path, JSON.stringify({ ...CONFIG, store }));
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        hookProcess(
          file.path,
          hookInput('Bash', { command: 'ls' }, { tool_use_id: `toolu_c${i}` }),
        ),
      ),
    );
    expect(runs.map((r) => [r.code, r.stderr])).toEqual(Array(6).fill([0, '']));
    expect(daemonsOf(file.dataDir)).toHaveLength(1);
    // the database came from the build's template (no initdb on the call's path)
    expect(readFileSync(join(file.dataDir, DAEMON_FILES.log), 'utf8')).toContain(
      'database created from the template',
    );
  });

  it('calls whose wait ends leave the starting daemon alone: one daemon, later calls wait for it', async () => {
    const file = configFile(CONFIG);
    // the daemon cannot open its store while this test holds the database's turn lock: it
    // stays starting (however fast the machine), and calls with a short wait give up
    mkdirSync(file.dataDir, { recursive: true, mode: 0o700 });
    const turn = await acquireEmbeddedLock(
      `${join(file.dataDir, DAEMON_FILES.database)}.lock`,
      10_000,
    );
    const short = { ...embeddedStore(file.dataDir), startTimeoutMs: 150 };
    writeFileSync(file.path, JSON.stringify({ ...CONFIG, store: short }));
    const input = (i: number) =>
      hookInput('Bash', { command: 'ls' }, { tool_use_id: `toolu_w${i}` });
    for (let i = 0; i < 3; i++) {
      const r = await hookProcess(file.path, input(i));
      expect([r.code, r.stdout, r.stderr]).toEqual([
        2,
        '',
        'argseal hook: blocked (store/store_unavailable)\n',
      ]);
      // the daemon the first call spawned is still starting, and it is the only one
      expect(daemonsOf(file.dataDir)).toHaveLength(1);
    }
    const owner = await daemonLockOwner(daemonLockPath(file.dataDir));
    turn.release();
    // the next call with time to wait is served by that same daemon
    writeFileSync(file.path, JSON.stringify({ ...CONFIG, store: embeddedStore(file.dataDir) }));
    const ok = await hookProcess(file.path, input(3));
    expect([ok.code, ok.stderr]).toEqual([0, '']);
    expect(daemonsOf(file.dataDir)).toHaveLength(1);
    expect((await readDaemonState(file.dataDir))?.pid).toBe(owner);
    // the blocked calls decided nothing; the served one is the only decision
    const decided = (await auditOf(file.dataDir)).filter((r) => r.type === 'decided');
    expect(decided.map((r) => r.toolCallId)).toEqual(['toolu_w3']);
  });

  it('stops on request and removes daemon.json; the next hook starts it again', async () => {
    const file = configFile(CONFIG);
    const input = hookInput('Bash', { command: 'ls' });
    expect((await runInProcess('codex', input, file)).code).toBe(0);
    const first = await readDaemonState(file.dataDir);
    expect(await stopStoreDaemon(file.dataDir)).toBe(true);
    expect(await readDaemonState(file.dataDir)).toBeUndefined();
    expect(await daemonLockOwner(daemonLockPath(file.dataDir))).toBeUndefined();
    expect(daemonsOf(file.dataDir)).toHaveLength(0);
    expect((await runInProcess('codex', input, file)).code).toBe(0);
    const second = await readDaemonState(file.dataDir);
    expect(second?.pid).not.toBe(first?.pid);
    expect(second?.agentToken).not.toBe(first?.agentToken);
    // one chain across both daemons: two decisions
    expect((await auditOf(file.dataDir)).filter((r) => r.type === 'decided')).toHaveLength(2);
  });

  it('a daemon that cannot start blocks the call: exit 2, one line, nothing decided', async () => {
    const file = configFile(CONFIG);
    mkdirSync(file.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(file.dataDir, DAEMON_FILES.database), 'not a database directory');
    const r = await runInProcess('claude-code', hookInput('Bash', { command: 'ls' }), file);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'argseal hook: blocked (store/store_unavailable)\n',
    });
    expect(await readDaemonState(file.dataDir)).toBeUndefined();
    expect(readFileSync(join(file.dataDir, DAEMON_FILES.log), 'utf8')).toContain(
      'store daemon failed to start',
    );
  });

  it('a stale daemon.json (dead daemon) is replaced, never trusted', async () => {
    const file = configFile(CONFIG);
    mkdirSync(file.dataDir, { recursive: true, mode: 0o700 });
    const stale = { pid: 999_999, url: 'http://127.0.0.1:9', agentToken: 'x', approverToken: 'y' };
    writeFileSync(join(file.dataDir, DAEMON_FILES.state), JSON.stringify(stale));
    const r = await runInProcess('claude-code', hookInput('Bash', { command: 'ls' }), file);
    expect(r.code).toBe(0);
    expect((await readDaemonState(file.dataDir))?.pid).not.toBe(stale.pid);
  });
});
