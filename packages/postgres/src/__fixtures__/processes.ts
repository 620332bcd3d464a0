import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

function requireDist(): void {
  if (!existsSync(DIST)) {
    throw new Error(
      'packages/postgres/dist is missing: run `pnpm --filter @argseal/postgres build` first',
    );
  }
}

/** Runs a worker to completion and returns its stdout. */
export function runWorker(mode: string, config: unknown): Promise<string> {
  requireDist();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, mode, JSON.stringify(config)], {
      stdio: 'pipe',
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`worker exit ${code}: ${err}`)),
    );
  });
}

/** Starts a worker and resolves once it printed a line starting with `marker`. */
export function startWorker(
  mode: string,
  config: unknown,
  marker: string,
): Promise<{ child: ChildProcess; line: string; exited: Promise<NodeJS.Signals | null> }> {
  requireDist();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, mode, JSON.stringify(config)], {
      stdio: 'pipe',
    });
    const exited = new Promise<NodeJS.Signals | null>((done) =>
      child.on('exit', (_c, signal) => done(signal)),
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith(marker));
      if (line) resolve({ child, line, exited });
    });
    child.on('exit', (code) => reject(new Error(`worker exited early (${code}): ${err}`)));
  });
}
