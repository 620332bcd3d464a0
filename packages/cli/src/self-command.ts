import { basename, delimiter, dirname, isAbsolute, relative, sep } from 'node:path';

/** Where the running `argseal` came from: its script path, environment and directory. */
export interface SelfCommandContext {
  /** `process.argv[1]`: the bin link or `dist/bin.js` that is running. */
  script: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

const EXEC: Readonly<Record<string, string>> = {
  pnpm: 'pnpm exec argseal',
  yarn: 'yarn argseal',
  bun: 'bunx argseal',
};

/**
 * How to run `argseal <sub>` again from `cwd`, for the hints the CLI prints: `argseal` when
 * the running bin is on `PATH`, `npx argseal` (`pnpm exec argseal`, …) from a project's
 * `node_modules/.bin`, else `node <path to dist/bin.js>`, which is what works in a checkout
 * of the argseal repository (nothing there puts `argseal` on `PATH`).
 */
export function selfCommand(sub: string, ctx: SelfCommandContext): string {
  const { script, env, cwd } = ctx;
  if (!script) return `argseal ${sub}`;
  const dir = dirname(script);
  if (basename(script) === 'argseal') {
    if (dir.endsWith(`${sep}node_modules${sep}.bin`)) {
      const manager = (env.npm_config_user_agent ?? '').split('/')[0] ?? '';
      return `${EXEC[manager] ?? 'npx argseal'} ${sub}`;
    }
    const onPath = (env.PATH ?? '').split(delimiter).includes(dir);
    if (onPath) return `argseal ${sub}`;
  }
  const rel = relative(cwd, script);
  const shown = rel === '' || isAbsolute(rel) ? script : rel;
  return `node ${shown.includes(' ') ? JSON.stringify(shown) : shown} ${sub}`;
}
