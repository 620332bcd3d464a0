import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostName } from '../host/hosts.js';
import { runHook } from '../pipeline/run-hook.js';
import { embeddedStore, TEST_TIMEOUT_MS } from './store-audit.js';
import { tempRoot } from './temp-root.js';

/** A PreToolUse input as Claude Code sends it (Codex adds turn_id and model). */
export function hookInput(tool: string, toolInput: unknown, extra: object = {}): string {
  return JSON.stringify({
    session_id: 'session-1',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/work/project',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: toolInput,
    tool_use_id: 'toolu_1',
    ...extra,
  });
}

/** A config file in a fresh folder, with its embedded store in `data/` (not created yet; `__STORE__` in a module's text). */
export function configFile(
  config: object | string,
  name = 'hook.json',
): { path: string; dataDir: string } {
  const root = tempRoot('argseal-hook-unit-');
  const dataDir = join(root, 'data');
  const path = join(root, name);
  const text =
    typeof config === 'string'
      ? config.replace('__STORE__', JSON.stringify(embeddedStore(dataDir)))
      : JSON.stringify({
          timeoutMs: TEST_TIMEOUT_MS,
          ...config,
          store: embeddedStore(dataDir),
        });
  writeFileSync(path, text);
  return { path, dataDir };
}

/** Runs one hook call in this process and reports what it printed and whether anything was stored. */
export async function runInProcess(
  host: HostName,
  stdin: string | Uint8Array,
  config: { path: string; dataDir: string },
) {
  let stdout = '';
  let stderr = '';
  const code = await runHook(host, {
    stdin: (async function* () {
      yield stdin;
    })(),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
    cwd: '/',
    configPath: config.path,
  });
  return { code, stdout, stderr, stored: existsSync(config.dataDir) };
}
