import { assertKnownOptions, type DecisionWake } from '@argseal/core';
import { DBOSClient } from '@dbos-inc/dbos-sdk';
import { DbosApprovalError } from './errors.js';
import { createDbosLedger } from './sql-ledger.js';
import { wakeWorkflowsOnDecide } from './wake.js';

/** Options of {@link openDbosWake}. */
export interface DbosWakeOptions {
  /**
   * PostgreSQL connection string of DBOS's system database, which also holds argseal's table
   * of waits (`createDbosLedger` on the same database).
   */
  url: string;
  /** As in {@link wakeWorkflowsOnDecide}. Default: `console.warn`. */
  onWakeError?: (error: unknown, workflowId: string) => void;
}

/**
 * Opens what a process outside the workflows (the `argseal approve` command, a script)
 * needs to wake them: a `DBOSClient` on the system database and the ledger's table of
 * waits, over one connection string. `wrap(store)` is {@link wakeWorkflowsOnDecide};
 * `close()` ends both. Needs `pg` installed beside `@dbos-inc/dbos-sdk`.
 *
 * @throws {DbosApprovalError} `invalid_dbos_options` for a missing or malformed `url`.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
 */
export async function openDbosWake(options: DbosWakeOptions): Promise<DecisionWake> {
  if (options === null || typeof options !== 'object') {
    throw new DbosApprovalError('invalid_dbos_options', 'openDbosWake needs { url }');
  }
  assertKnownOptions('openDbosWake', options, ['url', 'onWakeError']);
  const { url, onWakeError } = options;
  if (typeof url !== 'string' || !/^postgres(ql)?:\/\//.test(url)) {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'openDbosWake: "url" must be a postgres:// connection string',
    );
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // an idle connection the server closes must not crash the process
  pool.on('error', () => {});
  const ledger = createDbosLedger({ db: pool });
  let client: DBOSClient;
  try {
    client = await DBOSClient.create({ systemDatabaseUrl: url });
  } catch (cause) {
    await pool.end();
    throw new DbosApprovalError('invalid_dbos_options', 'openDbosWake: cannot open DBOS', {
      cause,
    });
  }
  return {
    wrap: (store) =>
      wakeWorkflowsOnDecide(store, {
        messenger: client,
        ledger,
        ...(onWakeError ? { onWakeError } : {}),
      }),
    async close() {
      await client.destroy();
      await pool.end();
    },
  };
}
