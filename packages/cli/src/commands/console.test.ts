import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../__fixtures__/capture-io.js';
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
});
