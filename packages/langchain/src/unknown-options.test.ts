import { UnknownOptionError } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { supportWorld } from './__fixtures__/support-world.js';
import { argsealMiddleware } from './middleware.js';
import { sealTool } from './seal-tool.js';

function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('options objects refuse unknown keys at setup (unknown_option)', () => {
  it.each([
    ['jsonSchemas', 'jsonSchema'],
    ['allowDecodedOnli', 'allowDecodedOnly'],
    ['trustClientApprovals', undefined],
  ])(
    'sealTool with %s: unknown_option (nearest %s); nothing runs or is stored',
    async (key, near) => {
      const world = supportWorld();
      const e = refusal(() =>
        sealTool(world.tools.refund, { authorizer: world.authorizer, [key]: true } as never),
      );
      expect(e).toBeInstanceOf(UnknownOptionError);
      expect(e).toMatchObject({ code: 'unknown_option', option: key, suggestion: near });
      expect(world.executed).toEqual([]);
      expect(await world.approvals.listProposals({ status: 'all' })).toEqual([]);
      expect(await world.audit.records()).toEqual([]);
    },
  );

  it.each([
    ['passthroughTool', 'passthroughTools'],
    ['jsonSchema', 'jsonSchemas'],
  ])('argsealMiddleware with %s: unknown_option naming %s', async (key, near) => {
    const world = supportWorld();
    const e = refusal(() =>
      argsealMiddleware({
        authorizer: world.authorizer,
        tools: [world.tools.refund],
        [key]: [],
      } as never),
    );
    expect(e).toMatchObject({ code: 'unknown_option', option: key, suggestion: near });
    expect(world.executed).toEqual([]);
    expect(await world.approvals.listProposals({ status: 'all' })).toEqual([]);
  });
});
