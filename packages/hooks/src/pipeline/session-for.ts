import type { RewriteHook } from '@argseal/core';
import { buildPolicy } from '../config/build-policy.js';
import { defaultDataDir } from '../config/locate.js';
import type { HookModuleConfig } from '../config/types.js';
import type { HookContext } from '../host/hook-input.js';
import type { HostName } from '../host/hosts.js';
import type { StoreSession } from '../store/lazy-session.js';
import { openStoreSession } from '../store/open-backend.js';
import { normalizePaths } from './normalize-paths.js';
import { createSealer, type Sealer } from './seal-call.js';

/** Default agent name when the config names none. */
export const DEFAULT_AGENT = 'argseal-hook';

/** Environment and location of one hook process. */
export interface HookEnvironment {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** The agent name a host's calls are hashed under. */
export function agentFor(config: HookModuleConfig, host: HostName): string {
  return config.hosts?.[host]?.agent ?? config.agent ?? DEFAULT_AGENT;
}

/** Opens the (lazy) store session a config describes. */
function storeFor(config: HookModuleConfig, where: HookEnvironment): StoreSession {
  const dataDir = defaultDataDir(
    config.store?.type === 'embedded' ? config.store.dataDir : undefined,
    where.env,
    where.cwd,
  );
  return openStoreSession(config.store, dataDir, where.env);
}

/** The sealer for a host, wired to a store session. */
export function sealerFor(config: HookModuleConfig, host: HostName, store: StoreSession): Sealer {
  const rewrite: RewriteHook<HookContext>[] = [];
  if (config.rewrite?.normalizePaths) rewrite.push(normalizePaths);
  rewrite.push(...(config.rewrite?.hooks ?? []));
  return createSealer({
    agent: agentFor(config, host),
    policy: buildPolicy(config),
    approvals: store.approvals,
    audit: store.audit,
    rewrite,
    materialContext: config.materialContext ?? [],
  });
}

/** Runs `fn` with a store session for the config, closing it (and its lock) afterwards. */
export async function withStore<T>(
  config: HookModuleConfig,
  where: HookEnvironment,
  fn: (store: StoreSession) => Promise<T>,
): Promise<T> {
  const store = storeFor(config, where);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
