import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireEmbeddedLock as acquireLock } from './lock.js';

const lockPath = () => join(mkdtempSync(join(tmpdir(), 'argseal-lock-')), 'lock');

describe('acquireEmbeddedLock', () => {
  it('serializes holders: the second waits for the first to release', async () => {
    const path = lockPath();
    const order: string[] = [];
    const first = await acquireLock(path, 5_000);
    const second = acquireLock(path, 5_000).then(async (held) => {
      order.push('second');
      await held.release();
    });
    await new Promise((r) => setTimeout(r, 50));
    order.push('first-release');
    await first.release();
    await second;
    expect(order).toEqual(['first-release', 'second']);
  });

  it('breaks a lock whose holder died', async () => {
    const path = lockPath();
    writeFileSync(path, '999999999\n'); // no such process
    const held = await acquireLock(path, 1_000);
    await held.release();
  });

  it('a live holder keeps its lock while others break stale ones', async () => {
    const path = lockPath();
    writeFileSync(`${path}.break`, ''); // another breaker is at work: nobody breaks now
    writeFileSync(path, '999999999\n');
    await expect(acquireLock(path, 150)).rejects.toMatchObject({ code: 'store_locked' });
    const { rmSync } = await import('node:fs');
    rmSync(`${path}.break`);
    const held = await acquireLock(path, 1_000); // the stale lock is broken now
    await expect(acquireLock(path, 150)).rejects.toMatchObject({ code: 'store_locked' });
    await held.release();
  });

  it('gives up after the timeout with store_locked', async () => {
    const path = lockPath();
    const held = await acquireLock(path, 1_000);
    await expect(acquireLock(path, 100)).rejects.toMatchObject({
      name: 'SqlStoreError',
      code: 'store_locked',
    });
    await held.release();
  });
});
