import { appendFile, open, readFile } from 'node:fs/promises';
import type { AuditRecord, AuditSink } from '@argseal/core';
import { parseStrictJson } from '@argseal/core/kit';
import {
  type AuditEvent,
  auditRecordBody,
  computeAuditHash,
  GENESIS_HASH,
} from '@argseal/core/store';
import { HookError } from '../errors.js';

const TAIL = 64 * 1024;

async function lastLine(path: string): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return undefined;
    const length = Math.min(size, TAIL);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, size - length);
    let text = buf.toString('utf8');
    let end = text.length;
    while (end > 0 && text[end - 1] === '\n') end--;
    text = text.slice(0, end);
    const nl = text.lastIndexOf('\n');
    if (nl < 0 && length < size)
      throw new HookError('store', 'audit_corrupt', 'the last audit record is too long');
    return text.slice(nl + 1);
  } finally {
    await handle.close();
  }
}

function toRecord(line: string, n: number): AuditRecord {
  try {
    return parseStrictJson(line) as unknown as AuditRecord;
  } catch {
    throw new HookError('store', 'audit_corrupt', `audit record ${n} is not strict JSON`);
  }
}

/**
 * A hash-chained audit log in a JSON Lines file (one record per line, core's record and
 * hash format, so `verifyAuditChain(await log.records())` checks it). Appends read only the
 * file's tail. The caller serializes appends across processes (the store lock).
 */
export function createFileAuditLog(path: string, now: () => Date = () => new Date()): AuditSink {
  return {
    async append(event: AuditEvent) {
      const tail = await lastLine(path);
      const last = tail === undefined ? undefined : toRecord(tail, -1);
      const seq = last ? last.seq + 1 : 1;
      const body = auditRecordBody(
        event,
        seq,
        now().toISOString(),
        last ? last.hash : GENESIS_HASH,
      );
      const record = { ...body, hash: await computeAuditHash(body.prevHash, body) } as AuditRecord;
      await appendFile(path, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      return record;
    },
    async records() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return text
        .split('\n')
        .filter((l) => l !== '')
        .map(toRecord);
    },
  };
}
