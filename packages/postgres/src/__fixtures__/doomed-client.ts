import { createHash } from 'node:crypto';
import pg from 'pg';

/** A pg Client on `config` that `kill()` terminates from `admin` (connection loss). */
export async function doomedClient(config: pg.ClientConfig, admin: pg.Pool) {
  const client = new pg.Client(config);
  client.on('error', () => undefined); // the terminated connection reports here too
  await client.connect();
  const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  return {
    client,
    kill: async () => {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    },
    end: () => client.end().catch(() => undefined),
  };
}

/** A node:crypto sha256 that first runs `hook` with the text (to act between head read and write). */
export function sha256After(hook: (text: string) => Promise<void>) {
  return async (text: string) => {
    await hook(text);
    return createHash('sha256').update(text, 'utf8').digest('hex');
  };
}
