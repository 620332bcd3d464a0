import { createConsoleAuditSink } from '@argseal/console/client';
import type { AuditRecord } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { afterAll, expect } from 'vitest';
import { readDaemonState } from '../daemon/daemon-state.js';
import { stopStoreDaemon } from '../daemon/start-daemon.js';

/**
 * Store settings of test configs: a store daemon per data directory, stopped after the test
 * file (and by its idle timeout should a run be cut short); a first start creates the
 * database, which takes long on a loaded machine.
 */
export const TEST_STORE = { startTimeoutMs: 120_000, idleMs: 60_000 } as const;
/** A hook deadline above the daemon's first start. */
export const TEST_TIMEOUT_MS = 150_000;

const started = new Set<string>();

/** The embedded store of `dataDir` (its daemon stopped when the test file ends). */
export function embeddedStore(dataDir: string) {
  started.add(dataDir);
  return { type: 'embedded', dataDir, ...TEST_STORE } as const;
}

afterAll(async () => {
  await Promise.all([...started].map((dir) => stopStoreDaemon(dir)));
  started.clear();
});

/** The audit chain of the default store in `dataDir`, read through its daemon and verified. */
export async function auditOf(dataDir: string): Promise<AuditRecord[]> {
  const state = await readDaemonState(dataDir);
  if (!state) throw new Error(`no store daemon runs for ${dataDir}`);
  const records = await createConsoleAuditSink({
    url: state.url,
    token: state.agentToken,
  }).records();
  expect((await verifyAuditChain(records)).ok).toBe(true);
  return records;
}
