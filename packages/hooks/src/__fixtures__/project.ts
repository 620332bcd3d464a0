import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedStore } from './store-audit.js';
import { tempRoot } from './temp-root.js';

/** The hook command the hosts run in tests (see hook-bin.mjs). */
export const HOOK_BIN = fileURLToPath(new URL('./hook-bin.mjs', import.meta.url));

/** The fixture MCP server (`write_marker`). */
export const MARKER_SERVER = fileURLToPath(new URL('./marker-server.mjs', import.meta.url));

/** A throwaway project: its folder (the host's cwd), a hook config and a data directory. */
export interface TestProject {
  dir: string;
  home: string;
  configPath: string;
  dataDir: string;
  hookCommand(host: 'claude-code' | 'codex' | 'permission-server'): string;
}

/**
 * Creates a project folder with `hook.json` (or, with `module`, `hook.mjs` whose text is
 * `module`) outside the project (as documented: the agent must not be able to edit it).
 */
export function makeProject(config: object, module?: string): TestProject {
  const root = tempRoot('argseal-hooks-');
  const dir = join(root, 'project');
  const home = join(root, 'home');
  const dataDir = join(root, 'data');
  mkdirSync(dir);
  mkdirSync(home);
  const configPath = join(root, module ? 'hook.mjs' : 'hook.json');
  const full = { ...config, store: embeddedStore(dataDir) };
  writeFileSync(
    configPath,
    module ? module.replace('__CONFIG__', JSON.stringify(full)) : JSON.stringify(full),
  );
  return {
    dir,
    home,
    configPath,
    dataDir,
    hookCommand: (host) =>
      `${JSON.stringify(process.execPath)} ${JSON.stringify(HOOK_BIN)} ${host} --config ${JSON.stringify(configPath)}`,
  };
}
