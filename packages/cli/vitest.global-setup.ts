import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = dirname(fileURLToPath(import.meta.url));

/** Newest modification time of the source files (not tests or fixtures) under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__fixtures__' || /\.test(-d)?\.ts$/.test(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * The CLI tests run `node dist/bin.js` as a child process. Build it when dist is missing
 * or older than the sources (a normal `pnpm test` has built it already).
 */
export default function setup(): void {
  const bin = join(packageDir, 'dist', 'bin.js');
  if (existsSync(bin) && statSync(bin).mtimeMs >= newest(join(packageDir, 'src'))) return;
  execFileSync('pnpm', ['--filter', 'argseal', 'build'], { cwd: packageDir, stdio: 'inherit' });
}
