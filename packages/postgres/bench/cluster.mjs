// A throwaway PostgreSQL cluster for benchmarks: initdb into a temp dir, start on a free
// port on 127.0.0.1, stop and delete on exit. PostgreSQL refuses to run as root, so as
// root the server runs as the `postgres` user (as .ci/run does).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.ARGSEAL_PG_BIN ?? '/usr/lib/postgresql/15/bin';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function asServerUser(file, args) {
  const root = process.getuid?.() === 0;
  const r = root
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [file, ...args].map(quote).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(file, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${file} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** Starts a cluster, or prints why it cannot and returns undefined (PostgreSQL absent). */
export async function startCluster() {
  for (const tool of ['initdb', 'pg_ctl', 'pgbench']) {
    if (!existsSync(join(PG_BIN, tool))) {
      console.log(
        `skipped: PostgreSQL 15 not found (${join(PG_BIN, tool)} is missing; set ARGSEAL_PG_BIN)`,
      );
      return undefined;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'argseal-ceiling-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  asServerUser(join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c shared_buffers=128MB`;
  asServerUser(join(PG_BIN, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    opts,
    '-l',
    join(dir, 'pg.log'),
    '-w',
    'start',
  ]);
  const stop = () => {
    try {
      asServerUser(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const version = /\d+\.\d+/.exec(
    execFileSync(join(PG_BIN, 'pg_ctl'), ['--version'], { encoding: 'utf8' }),
  )?.[0];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    version,
    async stop() {
      process.removeListener('exit', stop);
      stop();
    },
  };
}

/** Runs pgbench with `workers` clients for `seconds`; resolves to its tps (excluding connection time). */
export function runPgbench(cluster, file, { workers, seconds, vars, options }) {
  const args = [
    '-h',
    '127.0.0.1',
    '-p',
    String(cluster.port),
    '-U',
    'postgres',
    '-n',
    '-M',
    'prepared',
  ];
  args.push('-c', String(workers), '-j', '1', '-T', String(seconds), '-f', file);
  for (const [k, v] of Object.entries(vars)) args.push('-D', `${k}=${v}`);
  args.push('postgres');
  return new Promise((resolve, reject) => {
    const child = spawn(join(PG_BIN, 'pgbench'), args, {
      env: { ...process.env, PGOPTIONS: options },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (code !== 0 || !m) reject(new Error(`pgbench failed (${code}):\n${out.slice(-2000)}`));
      else resolve(Number(m[1]));
    });
  });
}
