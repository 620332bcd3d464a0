import { createMemoryAuditLog } from '@argseal/core';
import { openEmbeddedDatabase } from '@argseal/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { digestDefinition } from '../seal/definition-hash.js';
import { createMemoryPinStore } from './memory-pin-store.js';
import { sqlPinStore } from './sql-pin-store.js';
import type { ToolPinStore } from './types.js';

const key = { agent: 'a', server: 's', tool: 't' };
const def = (n: number) => digestDefinition({ name: 't', description: `v${n}` })!;

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const stores: [
  string,
  () => Promise<{ store: ToolPinStore; audit: ReturnType<typeof createMemoryAuditLog> }>,
][] = [
  [
    'memory',
    async () => {
      const audit = createMemoryAuditLog();
      return { store: createMemoryPinStore({ audit }), audit };
    },
  ],
  [
    'SQL (PGlite)',
    async () => {
      const db = await openEmbeddedDatabase();
      closers.push(() => db.close());
      const audit = createMemoryAuditLog();
      return { store: sqlPinStore(db, { audit }), audit };
    },
  ],
];

describe.each(stores)('tool pin store contract: %s', (_name, open) => {
  it('first sight is pending; approve pins it; the same definition is then unchanged', async () => {
    const { store, audit } = await open();
    const first = await store.observe(key, def(1));
    expect(first).toMatchObject({
      changed: true,
      pinned: undefined,
      record: { status: 'pending', ...def(1) },
    });
    const pinned = await store.decide(first.record.id, {
      decision: 'approve',
      approver: 'alice',
      note: 'ok',
    });
    expect(pinned).toMatchObject({ status: 'approved', decidedBy: 'alice', note: 'ok' });
    const again = await store.observe(key, def(1));
    expect(again).toMatchObject({
      changed: false,
      record: { status: 'approved' },
      pinned: { id: first.record.id },
    });
    expect((await audit.records()).map((r) => r.type)).toEqual(['tool_definition_approved']);
  });

  it('a changed definition is pending with previousHash; approving it supersedes the old pin', async () => {
    const { store } = await open();
    const one = await store.observe(key, def(1));
    await store.decide(one.record.id, { decision: 'approve', approver: 'alice' });
    const two = await store.observe(key, def(2));
    expect(two).toMatchObject({
      changed: true,
      record: { status: 'pending', previousHash: def(1).definitionHash },
      pinned: { status: 'approved' },
    });
    await store.decide(two.record.id, { decision: 'approve', approver: 'bob' });
    expect((await store.get(one.record.id))?.status).toBe('superseded');
    expect((await store.list({ status: 'approved' })).map((r) => r.id)).toEqual([two.record.id]);
    const back = await store.observe(key, def(1));
    expect(back).toMatchObject({
      changed: true,
      record: { id: one.record.id, status: 'pending', previousHash: def(2).definitionHash },
    });
  });

  it('rejected stays rejected; decisions happen once; bad input refused with codes', async () => {
    const { store } = await open();
    const one = await store.observe(key, def(3));
    await store.decide(one.record.id, { decision: 'reject', approver: 'alice' });
    expect(await store.observe(key, def(3))).toMatchObject({
      changed: false,
      record: { status: 'rejected' },
    });
    await expect(
      store.decide(one.record.id, { decision: 'approve', approver: 'alice' }),
    ).rejects.toMatchObject({ code: 'pin_not_pending' });
    await expect(
      store.decide('nope', { decision: 'approve', approver: 'alice' }),
    ).rejects.toMatchObject({ code: 'pin_not_found' });
    await expect(
      store.decide(one.record.id, { decision: 'maybe' as never, approver: 'alice' }),
    ).rejects.toMatchObject({ code: 'invalid_pin_decision' });
    await expect(store.observe({ ...key, tool: '' }, def(4))).rejects.toMatchObject({
      code: 'invalid_pin_decision',
    });
    await expect(
      store.observe(key, { definitionHash: 'x', definitionJson: '{}' }),
    ).rejects.toMatchObject({ code: 'invalid_pin_decision' });
    expect(await store.list({ server: 'other' })).toEqual([]);
  });

  it('refuses a definition whose text is not its hash, not JCS, or names another tool', async () => {
    const { store } = await open();
    const good = def(5);
    const cases: [{ definitionHash: string; definitionJson: string }, string][] = [
      [{ ...good, definitionHash: def(6).definitionHash }, 'definition_hash_mismatch'],
      [{ ...good, definitionJson: '{"description":"v5","name":"t"} ' }, 'invalid_pin_definition'],
      [{ ...good, definitionJson: '{"name":"t","description":"v5"}' }, 'invalid_pin_definition'],
      [{ ...good, definitionJson: '{"name":"t","icons":[]}' }, 'invalid_pin_definition'],
      [digestDefinition({ name: 'other' })!, 'invalid_pin_definition'],
    ];
    for (const [d, code] of cases) {
      await expect(store.observe(key, d), code).rejects.toMatchObject({ code });
    }
    expect(await store.list()).toEqual([]);
  });
});
