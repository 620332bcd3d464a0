import { type ApprovalStore, assertKnownOptions, type DecisionWake } from '@argseal/core';
import { WorkflowApprovalError } from './errors.js';
import type { DecisionMessage } from './hook-token.js';
import { wakeHooksOnDecide } from './wake.js';

/** Options of {@link openWorkflowWake}. */
export interface WorkflowWakeOptions {
  /**
   * PostgreSQL connection string of Workflow DevKit's PostgreSQL world
   * (`@workflow/world-postgres`), which also holds argseal's table of waits
   * (`createSqlExecutionLedger` of `@argseal/postgres` on the same database).
   */
  url: string;
  /**
   * The application's base URL, where it serves `/.well-known/workflow/v1/*`. The world's
   * queue delivers the resumed run there (set as `WORKFLOW_LOCAL_BASE_URL` for this process
   * until `close()`).
   */
  baseUrl: string;
  /** As in {@link wakeHooksOnDecide}. Default: `console.warn`. */
  onWakeError?: (error: unknown, token: string) => void;
}

const ENV = 'WORKFLOW_LOCAL_BASE_URL';

function httpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Opens what a process outside the application (the `argseal approve` command, a script)
 * needs to resume the hooks of waiting runs on the PostgreSQL world: the world on `url`
 * (made this process's world, `setWorld`), `resumeHook` of `workflow/api`, and argseal's
 * table of waits on the same database. `wrap(store)` is {@link wakeHooksOnDecide}; `close()`
 * closes the world and the pool. While open, this process's share of the world's queue
 * delivers to `baseUrl`, like any other worker of the world. Needs `@workflow/world-postgres`,
 * `@argseal/postgres` and `pg` installed beside `workflow`.
 *
 * @throws {WorkflowApprovalError} `invalid_workflow_options` for a missing or malformed
 *   `url` / `baseUrl`.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
 */
export async function openWorkflowWake(options: WorkflowWakeOptions): Promise<DecisionWake> {
  if (options === null || typeof options !== 'object') {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'openWorkflowWake needs { url, baseUrl }',
    );
  }
  assertKnownOptions('openWorkflowWake', options, ['url', 'baseUrl', 'onWakeError']);
  const { url, baseUrl, onWakeError } = options;
  if (typeof url !== 'string' || !/^postgres(ql)?:\/\//.test(url)) {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'openWorkflowWake: "url" must be a postgres:// connection string',
    );
  }
  if (!httpUrl(baseUrl)) {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'openWorkflowWake: "baseUrl" must be the http(s) URL the application serves its workflow routes on',
    );
  }
  const [{ createWorld }, { setWorld }, { resumeHook }, { createSqlExecutionLedger }, pg] =
    await Promise.all([
      import('@workflow/world-postgres'),
      import('workflow/runtime'),
      import('workflow/api'),
      import('@argseal/postgres'),
      import('pg'),
    ]);
  const previous = process.env[ENV];
  process.env[ENV] = baseUrl;
  const pool = new pg.default.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const world = createWorld({ connectionString: url });
  setWorld(world);
  const waits = createSqlExecutionLedger({ db: pool });
  return {
    wrap: (store: ApprovalStore) =>
      wakeHooksOnDecide(store, {
        resumeHook: (token: string, payload: DecisionMessage) => resumeHook(token, payload),
        waits,
        ...(onWakeError ? { onWakeError } : {}),
      }),
    async close() {
      try {
        await world.close?.();
        await pool.end();
      } finally {
        setWorld(undefined);
        if (previous === undefined) delete process.env[ENV];
        else process.env[ENV] = previous;
      }
    },
  };
}
