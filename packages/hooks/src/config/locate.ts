import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Environment variables `argseal hook` reads. */
export const ENV = {
  config: 'ARGSEAL_HOOK_CONFIG',
  dataDir: 'ARGSEAL_DATA_DIR',
} as const;

type Env = Readonly<Record<string, string | undefined>>;

function absolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * Config files to try, in order: `--config FILE`, `$ARGSEAL_HOOK_CONFIG`, then
 * `hook.json` / `hook.mjs` / `hook.js` / `hook.ts` in `$XDG_CONFIG_HOME/argseal`
 * (`~/.config/argseal`). There is no project-local default: files in the project are
 * within the agent's reach.
 */
export function configCandidates(explicit: string | undefined, env: Env, cwd: string): string[] {
  if (explicit !== undefined) return [absolute(explicit, cwd)];
  const fromEnv = env[ENV.config];
  if (fromEnv) return [absolute(fromEnv, cwd)];
  const base = env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return ['hook.json', 'hook.mjs', 'hook.js', 'hook.ts'].map((f) => join(base, 'argseal', f));
}

/** The embedded store's directory: config, `$ARGSEAL_DATA_DIR`, else `$XDG_DATA_HOME/argseal` (`~/.local/share/argseal`). */
export function defaultDataDir(configured: string | undefined, env: Env, cwd: string): string {
  if (configured) return absolute(configured, cwd);
  if (env[ENV.dataDir]) return absolute(env[ENV.dataDir] as string, cwd);
  const base = env.XDG_DATA_HOME
    ? env.XDG_DATA_HOME
    : join(env.HOME ?? homedir(), '.local', 'share');
  return join(base, 'argseal');
}
