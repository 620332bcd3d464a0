import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL database for the demo: DATABASE_URL, or a throwaway local cluster. */
export interface DemoDatabase {
  url: string;
  stop(): void | Promise<void>;
}

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(base, v, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

/**
 * DBOS keeps its workflows in PostgreSQL. With DATABASE_URL set the demo uses a fresh
 * database on that server; otherwise it starts a throwaway cluster from the machine's
 * PostgreSQL binaries (as the `postgres` user when run as root), removed at the end.
 */
export async function openDemoDatabase(): Promise<DemoDatabase | undefined> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    const name = `argseal_durable_demo_${process.pid}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: fromEnv });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(fromEnv);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      // without FORCE: a connection some library still holds is never cut under it
      stop: () =>
        admin(`DROP DATABASE IF EXISTS ${name}`).catch(() =>
          console.log(`  (database ${name} is still in use: left for the next run to drop)`),
        ),
    };
  }
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'argseal-durable-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (asRoot) {
      const line = [cmd, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
      execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', line], { stdio: 'ignore' });
    } else {
      execFileSync(cmd, args, { stdio: 'ignore' });
    }
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const port = String(20_000 + (process.pid % 20_000));
  run(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(dir, 'pg.log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
