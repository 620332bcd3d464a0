import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'bin.js');
export const FIXTURES = dirname(fileURLToPath(import.meta.url));

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node dist/bin.js ...args` with `input` on stdin (closed empty when undefined);
 * `env` entries are added to (or, when empty, removed from) this process's environment;
 * `nodeArgs` go to node before the script (e.g. `--import` of a loader hook).
 */
export function runBin(
  args: readonly string[],
  input?: string | Uint8Array,
  options?: { env?: Record<string, string>; nodeArgs?: readonly string[] },
): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...options?.env };
    for (const [k, v] of Object.entries(options?.env ?? {})) if (v === '') delete env[k];
    const child = spawn(process.execPath, [...(options?.nodeArgs ?? []), BIN, ...args], {
      cwd: FIXTURES,
      env,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({
        status,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {}); // the CLI may stop reading early (EPIPE)
    child.stdin.end(input ?? '');
  });
}
