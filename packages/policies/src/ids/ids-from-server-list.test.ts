import type { JsonValue } from '@argseal/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { decidedBy } from '../compose/decided-by.js';
import { idsFromServerList } from './ids-from-server-list.js';

interface Ctx {
  accounts?: unknown;
}

const policy = idsFromServerList<Ctx>({
  paths: ['/from', '/to/*'],
  list: (ctx) => ctx.accounts as string[],
});

const run = (args: JsonValue, ...accounts: unknown[]) =>
  policy(
    policyInput<Ctx>(args, {
      context: { accounts: accounts.length ? accounts[0] : ['acc_1', 'acc_2', 42] },
    }),
  );

describe('idsFromServerList', () => {
  it('allows when every id is in the server list', async () => {
    const d = await run({ from: 'acc_1', to: ['acc_2', 42] });
    expect(d).toMatchObject({ type: 'allow', reason: 'ids_in_server_list' });
    expect(decidedBy(d)?.rule).toBe('idsFromServerList');
  });

  it.each([
    [{ from: 'acc_3', to: ['acc_2'] }, 'id_not_in_server_list'],
    [{ from: 'acc_1', to: ['acc_2', 'acc_9'] }, 'id_not_in_server_list'],
    [{ from: 'ACC_1', to: ['acc_2'] }, 'id_not_in_server_list'],
    [{ from: ' acc_1', to: ['acc_2'] }, 'id_not_in_server_list'],
    [{ from: 'acc_1', to: ['42'] }, 'id_not_in_server_list'],
    [{ from: 'acc_1', to: [42.5] }, 'id_invalid_type'],
    [{ from: 'acc_1', to: [true] }, 'id_invalid_type'],
    [{ from: 'acc_1', to: [{ id: 'acc_2' }] }, 'id_invalid_type'],
    [{ from: ['acc_1'], to: ['acc_2'] }, 'id_invalid_type'],
    [{ from: '', to: ['acc_2'] }, 'id_blank'],
    [{ from: '   ', to: ['acc_2'] }, 'id_blank'],
    [{ from: '\u00a0\t', to: ['acc_2'] }, 'id_blank'],
    [{ to: ['acc_2'] }, 'id_missing'],
    [{ from: null, to: ['acc_2'] }, 'id_missing'],
    [{ from: 'acc_1', to: [] }, 'id_missing'],
    [{ from: 'acc_1', to: 'acc_2' }, 'id_missing'],
    [{ from: 'acc_1' }, 'id_missing'],
    ['acc_1', 'id_missing'],
  ])('denies %j with %s', async (args, reason) => {
    expect(await run(args as JsonValue)).toMatchObject({ type: 'deny', reason });
  });

  it.each([
    [undefined, 'id_server_list_missing'],
    [null, 'id_server_list_missing'],
    [[], 'id_server_list_empty'],
    [['', '  ', null, {}, 1.5], 'id_server_list_empty'],
    ['acc_1', 'id_server_list_invalid'],
    [42, 'id_server_list_invalid'],
    [{ acc_1: true }, 'id_server_list_invalid'],
  ])('denies when the server list is %j (%s)', async (accounts, reason) => {
    expect(await run({ from: 'acc_1', to: ['acc_2'] }, accounts)).toMatchObject({
      type: 'deny',
      reason,
    });
  });

  it('a blank id never matches a blank entry in the list', async () => {
    expect(await run({ from: '', to: ['acc_2'] }, ['', 'acc_2'])).toMatchObject({
      reason: 'id_blank',
    });
  });

  it('denies when the list provider throws or rejects', async () => {
    const throws = idsFromServerList({
      paths: ['/id'],
      list: () => {
        throw new Error('db down');
      },
    });
    expect(await throws(policyInput({ id: 'a' }))).toMatchObject({
      reason: 'id_server_list_unavailable',
    });
    const rejects = idsFromServerList({
      paths: ['/id'],
      list: async () => Promise.reject(new Error('x')),
    });
    expect(await rejects(policyInput({ id: 'a' }))).toMatchObject({
      reason: 'id_server_list_unavailable',
    });
    const badIterator = idsFromServerList({
      paths: ['/id'],
      list: () => ({
        *[Symbol.iterator]() {
          yield 'a';
          throw new Error('x');
        },
      }),
    });
    expect(await badIterator(policyInput({ id: 'a' }))).toMatchObject({
      reason: 'id_server_list_unavailable',
    });
  });

  it('accepts a Set or an async list and passes context and input', async () => {
    const seen: unknown[] = [];
    const p = idsFromServerList<{ ids: Set<string> }>({
      paths: ['/id'],
      list: async (ctx, input) => {
        seen.push(input.tool);
        return ctx.ids;
      },
    });
    const d = await p(
      policyInput({ id: 'x' }, { context: { ids: new Set(['x']) }, tool: 'lookup' }),
    );
    expect(d.type).toBe('allow');
    expect(seen).toEqual(['lookup']);
  });

  it('does not consult the list when an id is malformed', async () => {
    let calls = 0;
    const p = idsFromServerList({
      paths: ['/id'],
      list: () => {
        calls++;
        return ['a'];
      },
    });
    await p(policyInput({ id: '' }));
    expect(calls).toBe(0);
  });

  it('refuses bad options', () => {
    expect(() => idsFromServerList({ paths: [], list: () => [] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => idsFromServerList({ paths: ['/a'] } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => idsFromServerList({ paths: ['a'], list: () => [] })).toThrow(
      expect.objectContaining({ code: 'invalid_json_pointer' }),
    );
  });

  it('property: allowed exactly when every id is a member', async () => {
    const id = fc.oneof(
      fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      fc.integer(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(id, { minLength: 1 }),
        fc.array(id, { minLength: 1 }),
        async (list, ids) => {
          const p = idsFromServerList({ paths: ['/ids/*'], list: () => list });
          const d = await p(policyInput({ ids }));
          const members = ids.every((x) => list.some((y) => typeof y === typeof x && y === x));
          expect(d.type).toBe(members ? 'allow' : 'deny');
        },
      ),
    );
  });
});
