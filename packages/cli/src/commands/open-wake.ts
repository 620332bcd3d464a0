import type { DecisionWake } from '@argseal/core';
import { quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import type { CliIo } from '../io.js';

/** The `wake` target of a hook config, its URL resolved (`WakeTarget` of `@argseal/hooks`). */
interface WakeTarget {
  engine: 'dbos' | 'workflow';
  url: string;
  baseUrl?: string;
}

type Opener = (options: {
  url: string;
  baseUrl?: string;
  onWakeError: (error: unknown, waiter: string) => void;
}) => Promise<DecisionWake>;

/** The package and function that wake each engine, loaded only when a config names it. */
const ENGINES = {
  dbos: {
    specifier: '@argseal/dbos',
    package: '@argseal/dbos',
    open: 'openDbosWake',
    peers: '@dbos-inc/dbos-sdk pg',
  },
  workflow: {
    specifier: '@argseal/workflow/wake',
    package: '@argseal/workflow',
    open: 'openWorkflowWake',
    peers: 'workflow @workflow/world-postgres @argseal/postgres pg',
  },
} as const;

/**
 * Opens the durable engine named by the config's `wake` entry for `argseal approve`. A
 * missing engine package is `usage/wake_engine_not_installed`, an engine that cannot be opened
 * `usage/wake_unavailable` (exit 64), both before anything is decided; a workflow that cannot be woken after the decision is a warning line (the
 * decision stands and the workflow reads it from the store on its own).
 */
export async function openWake(target: WakeTarget, io: CliIo): Promise<DecisionWake> {
  const engine = ENGINES[target.engine];
  let mod: Record<string, unknown>;
  try {
    mod = (await import(engine.specifier)) as Record<string, unknown>;
  } catch {
    throw new CliUsageError(
      'wake_engine_not_installed',
      `install ${engine.package} ${engine.peers} to wake ${target.engine} workflows from "argseal approve" (config /wake/engine)`,
    );
  }
  const open = mod[engine.open] as Opener | undefined;
  if (typeof open !== 'function') {
    throw new CliUsageError(
      'wake_engine_not_installed',
      `the installed ${engine.package} has no ${engine.open}: update it`,
    );
  }
  try {
    return await open({
      url: target.url,
      ...(target.baseUrl !== undefined ? { baseUrl: target.baseUrl } : {}),
      onWakeError: (_error, waiter) =>
        io.stderr.write(
          `warning: approve/wake_failed ${quote(waiter)} was not woken; it reads the decision from the store on its own\n`,
        ),
    });
  } catch {
    // the engine's own message may carry the connection string: not shown
    throw new CliUsageError(
      'wake_unavailable',
      `cannot open the ${target.engine} engine named in config /wake (check its url); nothing was decided`,
    );
  }
}
