import { UnknownOptionError } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { createMemoryPinStore } from './pins/memory-pin-store.js';
import { createMcpProxy } from './relay/proxy.js';
import { serveStdio } from './serve/serve-stdio.js';

function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('options objects refuse unknown keys at setup (unknown_option)', () => {
  it('createMcpProxy: a typo is refused before any store or upstream exists', () => {
    const e = refusal(() => createMcpProxy({ servers: [], approval: {} } as never));
    expect(e).toBeInstanceOf(UnknownOptionError);
    expect(e).toMatchObject({
      code: 'unknown_option',
      where: 'createMcpProxy',
      option: 'approval',
      suggestion: 'approvals',
    });
  });

  it('serveStdio and createMemoryPinStore name the key and the nearest known one', async () => {
    const proxy = createMcpProxy({ servers: [] });
    let served: unknown;
    const e = refusal(() => {
      served = serveStdio(proxy, { maxMessageLenght: 10 } as never);
    });
    expect(served).toBeUndefined();
    expect(e).toMatchObject({ option: 'maxMessageLenght', suggestion: 'maxMessageLength' });
    expect(refusal(() => createMemoryPinStore({ generateID: () => 'x' } as never))).toMatchObject({
      code: 'unknown_option',
      suggestion: 'generateId',
    });
    expect(await proxy.approvals.listProposals({ status: 'all' })).toEqual([]);
  });

  it('a server entry with an unknown key is refused before its upstream starts', () => {
    let started = 0;
    const e = refusal(() =>
      createMcpProxy({
        servers: [
          {
            name: 'files',
            config: { command: 'node', args: ['-e', ''] },
            transport: () => {
              started++;
              throw new Error('no upstream in this test');
            },
            trusted: true,
          },
        ],
      } as never),
    );
    expect(e).toMatchObject({
      code: 'unknown_option',
      where: 'createMcpProxy servers[0]',
      option: 'trusted',
    });
    expect(started).toBe(0);
  });
});
