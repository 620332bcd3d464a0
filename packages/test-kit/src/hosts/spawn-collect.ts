import { spawn } from 'node:child_process';

/** What a host process printed and how it ended. */
export interface CollectedRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns a process with stdin closed and collects its output; killed after `timeoutMs`. */
export function spawnAndCollect(
  bin: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CollectedRun> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
