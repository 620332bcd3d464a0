import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the store daemon keeps in the data directory. */
export const DAEMON_FILES = {
  /** The embedded PGlite database (`argseal console --data-dir <dataDir>/db` opens the same one). */
  database: 'db',
  /** Where the running daemon listens and its tokens (mode 0600; removed when it exits). */
  state: 'daemon.json',
  /** Names the pid of the directory's one daemon, from before it is spawned until it exits. */
  startLock: 'daemon.lock',
  /** How the database was created and each failure to start, one line each (never a payload). */
  log: 'daemon.log',
} as const;

/** The contents of `daemon.json`. */
export interface DaemonState {
  pid: number;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Bearer token of hook processes (the console's agent API). */
  agentToken: string;
  /** Bearer token of `argseal approve` and of the console page (approver). */
  approverToken: string;
}

export const newToken = (): string => randomBytes(24).toString('base64url');

const isState = (v: unknown): v is DaemonState => {
  const s = v as Partial<DaemonState> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    Number.isInteger(s.pid) &&
    typeof s.url === 'string' &&
    s.url.startsWith('http://127.0.0.1:') &&
    typeof s.agentToken === 'string' &&
    typeof s.approverToken === 'string'
  );
};

/** The running daemon's state, or undefined when there is none (or it is unreadable). */
export async function readDaemonState(dataDir: string): Promise<DaemonState | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, DAEMON_FILES.state), 'utf8'));
    return isState(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `daemon.json` whole (a temporary file renamed over it), readable by the user only. */
export async function writeDaemonState(dataDir: string, state: DaemonState): Promise<void> {
  const path = join(dataDir, DAEMON_FILES.state);
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

/** Removes `daemon.json` if it still names this process (a newer daemon's file stays). */
export async function removeDaemonState(dataDir: string): Promise<void> {
  const current = await readDaemonState(dataDir);
  if (current?.pid === process.pid)
    await unlink(join(dataDir, DAEMON_FILES.state)).catch(() => undefined);
}
