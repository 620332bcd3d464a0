import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../__fixtures__/capture-io.js';
import { FIXTURES, runBin } from '../__fixtures__/run-bin.js';
import { runCli } from '../run-cli.js';

const io = () => captureIo();

describe('argseal console', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.ARGSEAL_CONSOLE_TOKENS;
    delete process.env.ARGSEAL_CONSOLE_TOKENS;
  });
  afterEach(() => {
    if (saved !== undefined) process.env.ARGSEAL_CONSOLE_TOKENS = saved;
  });

  it('refuses to start without an approver token (there is no default token)', async () => {
    const x = io();
    const code = await runCli(
      ['console', '--port', '0', '--data-dir', '/nonexistent/never-created'],
      x.io,
    );
    expect(code).toBe(64);
    expect(x.err.join('')).toContain('no_approver_tokens');
    expect(x.out).toEqual([]);
  });

  it('refuses a bad port and lists its options in --help', async () => {
    const bad = io();
    expect(await runCli(['console', '--port', 'abc'], bad.io)).toBe(64);
    expect(bad.err.join('')).toContain('--port');
    const help = io();
    expect(await runCli(['console', '--help'], help.io)).toBe(0);
    expect(help.out.join('')).toMatch(/--data-dir DIR[\s\S]*--database-url URL/);
  });

  it('--init from a checkout: a start command that works from here, then the tokens last', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'argseal-cli-init-')), 'console.json');
    const r = await runBin(['console', '--init', '--config', file, '--agent', 'bot']);
    expect(r.status).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const lines = r.stdout.trimEnd().split('\n');
    // the bin runs as `node …/dist/bin.js` (runBin's cwd is src/__fixtures__): not `argseal`
    const start = lines.find((l) => l.startsWith('Start the console:  '));
    expect(start).toBe(
      `Start the console:  node ${join('..', '..', 'dist', 'bin.js')} console --config ${file}`,
    );
    expect(lines.slice(-2)).toEqual([
      `  approver alice: ${saved.approvers.alice}`,
      `  agent bot: ${saved.agents.bot}`,
    ]);
    // the printed command runs the console command from the same directory
    const [node, bin, sub] = (start as string).slice('Start the console:  '.length).split(' ');
    expect(node).toBe('node');
    const help = await runBin([sub as string, '--help'], undefined, {});
    const viaPrinted = spawnSync(process.execPath, [bin as string, sub as string, '--help'], {
      cwd: FIXTURES,
      encoding: 'utf8',
    });
    expect(viaPrinted.status).toBe(0);
    expect(viaPrinted.stdout).toBe(help.stdout);
    expect(viaPrinted.stdout).toContain('--data-dir');
  });
});
