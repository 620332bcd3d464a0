// Shared by the real-host tests of `argseal mcp`: where the real programs are, and a workspace.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ENABLE, noteSkip } from '@argseal/test-kit';
import { BIN } from './run-bin.js';

export const run = promisify(execFile);
const IN_CI = process.env.CI === 'true';
const require = createRequire(import.meta.url);
/** server-filesystem and inspector-cli: pinned devDependencies of this package. */
const FS_SERVER = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
export const INSPECTOR = require.resolve('@modelcontextprotocol/inspector-cli/build/index.js');
export const CLAUDE =
  process.env.ARGSEAL_CLAUDE_BIN ??
  '/opt/argseal-ci/claude-code/node_modules/@anthropic-ai/claude-code-linux-x64/claude';
/**
 * Whether Claude Code is installed: under CI=true it must be; locally its suite skips and
 * says so once at the end of the run.
 */
export function haveClaude(): boolean {
  if (existsSync(CLAUDE)) return true;
  if (IN_CI) throw new Error('CI=true: Claude Code (ARGSEAL_CLAUDE_BIN) is required');
  noteSkip({
    what: 'Claude Code real-host tests',
    missing: `no binary at ${CLAUDE}`,
    enable: ENABLE.claudeCode,
  });
  return false;
}

/** A workspace: a root the filesystem server may touch, a proxy config and a migrated data dir. */
export async function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'argseal-mcp-host-'));
  const root = join(dir, 'files');
  const config = join(dir, 'argseal-mcp.json');
  const data = join(dir, 'data');
  mkdirSync(root);
  writeFileSync(join(root, 'hello.txt'), 'hello\n');
  writeFileSync(
    config,
    JSON.stringify({
      agent: 'host-test',
      servers: {
        fs: {
          command: process.execPath,
          args: [FS_SERVER, root],
          trusted: true,
          pinning: 'trust-first-use',
        },
      },
    }),
  );
  // migrate the embedded database once, before a host's connect timeout runs
  await run(process.execPath, [BIN, 'mcp', 'pins', 'list', '--config', config, '--data-dir', data]);
  return {
    dir,
    root,
    config,
    data,
    proxyArgs: [BIN, 'mcp', '--config', config, '--data-dir', data],
  };
}
