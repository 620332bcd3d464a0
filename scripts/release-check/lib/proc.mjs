// Child processes for release-check: run one command, or many with bounded concurrency.
import { spawn } from 'node:child_process';

/**
 * Runs `cmd args` and resolves with { code, stdout, stderr, ms } (never rejects).
 * `timeoutMs` kills the process group and reports code 124.
 */
export function run(cmd, args, { cwd, env, timeoutMs = 300_000, input } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: env ?? process.env, detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: `${stderr}${error.message}`, ms: Date.now() - started });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const note = timedOut ? `\n(timed out after ${timeoutMs} ms)` : '';
      resolve({
        code: timedOut ? 124 : (code ?? 1),
        stdout,
        stderr: stderr + note,
        ms: Date.now() - started,
      });
    });
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

/** Runs async `tasks` (functions) with at most `limit` in flight; results keep task order. */
export async function pool(limit, tasks) {
  const results = new Array(tasks.length);
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** The environment for npm in the scratch project: no pnpm-exported npm_config_* settings. */
export function npmEnv() {
  const keep = /registry|proxy|cafile|_ca$|strict_ssl|^npm_config_cache$/i;
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_config_/i.test(key) && !keep.test(key)) continue;
    if (/^(npm_package_|npm_lifecycle_|PNPM_|npm_execpath|npm_node_execpath)/i.test(key)) continue;
    env[key] = value;
  }
  return env;
}
