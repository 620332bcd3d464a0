import { createMemoryApprovalStore, UnknownOptionError } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import {
  alwaysAllow,
  alwaysDeny,
  alwaysRequireApproval,
  compileEgressOptions,
  egressPolicy,
  idsFromServerList,
  moneyLimit,
  normalizeUnicode,
  requireServerScope,
  shadow,
  unicodeGuard,
  withApprovals,
} from './index.js';

const allow = alwaysAllow();
const cases: [string, () => unknown, string, string | undefined][] = [
  [
    'moneyLimit',
    () =>
      moneyLimit({
        amount: '/amount',
        currency: '/currency',
        limits: { EUR: { approvalAbove: 1, denyAbove: 2 } },
        allowNegatve: true,
      } as never),
    'allowNegatve',
    'allowNegative',
  ],
  ['unicodeGuard', () => unicodeGuard({ acton: 'deny' } as never), 'acton', 'action'],
  ['withApprovals', () => withApprovals(allow, { requried: 2 } as never), 'requried', 'required'],
  [
    'egressPolicy',
    () => egressPolicy({ paths: ['/url'], allowHost: ['a.example'] } as never),
    'allowHost',
    'allowHosts',
  ],
  [
    'compileEgressOptions',
    () => compileEgressOptions({ protocol: ['https:'] } as never),
    'protocol',
    'protocols',
  ],
  ['normalizeUnicode', () => normalizeUnicode({ forms: 'NFC' } as never), 'forms', 'form'],
  [
    'idsFromServerList',
    () => idsFromServerList({ paths: ['/id'], list: () => [], nam: 'x' } as never),
    'nam',
    'name',
  ],
  ['alwaysAllow', () => alwaysAllow({ nmae: 'x' } as never), 'nmae', 'name'],
  ['alwaysDeny', () => alwaysDeny('no', { reason: 'x' } as never), 'reason', undefined],
  [
    'alwaysRequireApproval',
    () => alwaysRequireApproval('r', { approval: {} } as never),
    'approval',
    'approvals',
  ],
  [
    'shadow',
    () => shadow(allow, { trustClientApproval: true } as never),
    'trustClientApproval',
    undefined,
  ],
  [
    'requireServerScope',
    () => requireServerScope(() => ({}), { names: 'x' } as never),
    'names',
    'name',
  ],
];

describe('every policy factory refuses unknown option keys (unknown_option)', () => {
  it.each(cases)('%s', async (where, make, option, suggestion) => {
    const store = createMemoryApprovalStore();
    let error: unknown;
    let made: unknown;
    try {
      made = make();
    } catch (e) {
      error = e;
    }
    expect(made).toBeUndefined();
    expect(error).toBeInstanceOf(UnknownOptionError);
    expect(error).toMatchObject({ code: 'unknown_option', where, option, suggestion });
    expect(await store.listProposals({ status: 'all' })).toEqual([]);
  });
});
