import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runConsoleCli } from './cli/run-console-cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp() {
  const d = mkdtempSync(join(tmpdir(), 'argseal-init-'));
  dirs.push(d);
  return d;
}

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const r = await runConsoleCli(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: {},
    waitForSignal: false,
  });
  return { ...r, stdout, stderr };
}

describe('argseal console --init', () => {
  it('writes a 0600 token file, prints each token once, and the console starts with it', async () => {
    const file = join(tmp(), 'nested', 'console.json');
    const made = await cli([
      '--init',
      `--config=${file}`,
      '--approver=alice,bob',
      '--agent=support-agent',
    ]);
    expect(made.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(saved.approvers)).toEqual(['alice', 'bob']);
    expect(Object.keys(saved.agents)).toEqual(['support-agent']);
    for (const token of [
      saved.approvers.alice,
      saved.approvers.bob,
      saved.agents['support-agent'],
    ]) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(made.stdout.split(token).length - 1).toBe(1);
    }
    expect(made.stdout).toContain(`Start the console:  argseal console --config ${file}\n`);
    // the tokens are the last lines: nothing printed after them
    expect(made.stdout.trimEnd().split('\n').slice(-3)).toEqual([
      `  approver alice: ${saved.approvers.alice}`,
      `  approver bob: ${saved.approvers.bob}`,
      `  agent support-agent: ${saved.agents['support-agent']}`,
    ]);
    const started = await cli([
      '--port=0',
      `--config=${file}`,
      `--data-dir=${join(tmp(), 'data')}`,
    ]);
    expect(started.code).toBe(0);
    const res = await fetch(`${started.console!.url}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: saved.approvers.alice }),
    });
    expect(res.status).toBe(200);
    await started.console!.close();
  });

  it('never overwrites a file (config_exists) and refuses bad names; nothing is written', async () => {
    const dir = tmp();
    const file = join(dir, 'console.json');
    writeFileSync(file, 'keep me');
    const again = await cli(['--init', `--config=${file}`]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('[config_exists]');
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    const other = join(dir, 'other.json');
    for (const [args, code] of [
      [['--approver=bad name'], 'invalid_token_name'],
      [['--approver=x', '--agent=x'], 'duplicate_token'],
      [['--approver=,'], 'no_approver_tokens'],
    ] as const) {
      const r = await cli(['--init', `--config=${other}`, ...args]);
      expect(r.code, code).toBe(1);
      expect(r.stderr).toContain(`[${code}]`);
      expect(r.stdout).toBe('');
      expect(() => statSync(other)).toThrow();
    }
    const stray = await cli(['--approver=alice']);
    expect(stray.code).toBe(2);
  });
});
