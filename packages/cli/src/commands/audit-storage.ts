import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AuditSink } from '@argseal/core';
import { quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import type { CliArgs } from './types.js';

interface ConsoleStorageModule {
  openConsoleStorage(options: {
    storage?: 'embedded' | 'postgres';
    dataDir?: string;
    databaseUrl?: string;
  }): Promise<{ audit: AuditSink; description: string; close(): Promise<void> }>;
}

/** An opened audit trail and how to close it. */
export interface OpenedAudit {
  audit: AuditSink;
  description: string;
  close(): Promise<void>;
}

/**
 * Opens the console's audit trail: PostgreSQL with `--database-url` (or `DATABASE_URL` when
 * no `--data-dir` is given), else the embedded PGlite directory (default `.argseal`), which
 * must exist. Uses `@argseal/console`'s storage, installed separately.
 */
export async function openAuditStorage(args: CliArgs, cwd: string): Promise<OpenedAudit> {
  const specifier = '@argseal/console';
  let mod: ConsoleStorageModule;
  try {
    mod = (await import(specifier)) as ConsoleStorageModule;
  } catch {
    throw new CliUsageError(
      'console_not_installed',
      'install @argseal/console to read its audit trail',
    );
  }
  const dataDir = args.values['data-dir'];
  const url = args.values['database-url'] ?? (dataDir ? undefined : process.env.DATABASE_URL);
  if (typeof url === 'string' && url !== '') {
    return open(mod, { storage: 'postgres', databaseUrl: url });
  }
  const dir = resolve(cwd, typeof dataDir === 'string' ? dataDir : '.argseal');
  if (!existsSync(dir)) {
    throw new CliUsageError(
      'audit_store_missing',
      `no embedded console data directory at ${quote(dir)} (pass --data-dir DIR or --database-url URL)`,
    );
  }
  return open(mod, { storage: 'embedded', dataDir: dir });
}

async function open(
  mod: ConsoleStorageModule,
  options: Parameters<ConsoleStorageModule['openConsoleStorage']>[0],
): Promise<OpenedAudit> {
  try {
    return await mod.openConsoleStorage(options);
  } catch {
    // closed: whatever the storage threw (its code names no CLI condition) is one code
    throw new CliUsageError(
      'storage_unavailable',
      'cannot open the audit trail (is a console using the embedded directory?)',
    );
  }
}
