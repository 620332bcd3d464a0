import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ConformanceTools, serverEntry } from './mcp-tools.js';

const run = promisify(execFile);

/** A free loopback port (bound once, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts server-everything's own streamable HTTP mode on 127.0.0.1 (wrapped: it binds all interfaces). */
export async function startEverythingHttp() {
  const port = await freePort();
  const wrapper = fileURLToPath(new URL('./loopback-only.mjs', import.meta.url));
  const entry = serverEntry('server-everything');
  const child = spawn(process.execPath, [wrapper, entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve();
    });
    child.once('exit', () => reject(new Error('server-everything exited')));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => child.kill() };
}

/** Runs the conformance server suite (Node 22) against `url`; returns `scenario/check -> status`. */
export async function conformance(
  tools: ConformanceTools,
  url: string,
  outDir: string,
): Promise<Map<string, string>> {
  await run(tools.node22, [tools.cli, 'server', '--url', url, '-o', outDir], {
    cwd: tools.dir,
    timeout: 180_000,
  }).catch((error: { code?: unknown }) => {
    if (typeof error.code !== 'number') throw error; // a non-zero exit only means failed checks
  });
  const results = new Map<string, string>();
  for (const dir of readdirSync(outDir)) {
    const scenario = dir.replace(/-\d{4}-\d\d-\d\dT.*$/, '');
    const checks = JSON.parse(readFileSync(join(outDir, dir, 'checks.json'), 'utf8')) as {
      id: string;
      status: string;
    }[];
    for (const c of checks) results.set(`${scenario}/${c.id}`, c.status);
  }
  return results;
}

export const passed = (m: Map<string, string>) =>
  [...m.values()].filter((s) => s === 'SUCCESS').length;
export const failed = (m: Map<string, string>) =>
  [...m.values()].filter((s) => s === 'FAILURE').length;
