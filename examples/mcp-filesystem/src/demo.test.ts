import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';
import { filesystemServerEntry } from './filesystem-server.js';

// a pinned dependency of this example: the workspace install brings it, so this never skips
const entry = filesystemServerEntry();

describe('mcp-filesystem example (real server-filesystem, SDK Client)', () => {
  it('reads, suspends write_file, runs the approved retry exactly, refuses a changed content', async () => {
    const summary = await runDemo(entry, () => {});
    expect(summary.tools).toEqual(expect.arrayContaining(['read_text_file', 'write_file']));
    expect(summary.readText).toBe('meeting at 10\n');
    expect(summary.firstCode).toBe('approval_required');
    expect(summary.proposalNamed).toBe(true);
    expect(summary.retryOk).toBe(true);
    expect(summary.fileAfterRetry).toBe('buy milk\n');
    expect(summary.changedCode).toBe('approval_required');
    expect(summary.fileAfterChanged).toBe('buy milk\n');
    expect(summary.auditChainOk).toBe(true);
  }, 60_000);

  it('`pnpm start` runs offline and prints every step', () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const result = spawnSync('pnpm', ['run', '--silent', 'start'], { cwd, encoding: 'utf8' });
    expect(result.status, `${result.stderr}${String(result.error ?? '')}`).toBe(0);
    expect(result.stdout).toContain('code approval_required');
    expect(result.stdout).toContain('identical retry: ran; file holds "buy milk\\n"');
    expect(result.stdout).toContain('audit chain verified');
  }, 60_000);
});
