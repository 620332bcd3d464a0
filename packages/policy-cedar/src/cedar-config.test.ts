import { describe, expect, it } from 'vitest';
import { inputFor } from './__fixtures__/scenarios.js';
import { cedarPolicyFromConfig, isCedarConfigEntry } from './index.js';

const files: Record<string, string> = {
  'a.cedar':
    '@id("a") permit (principal, action == Action::"t", resource) when { context.server.team == "ops" };',
  'a.cedarschema':
    'entity Agent; entity Tool; action t appliesTo { principal: Agent, resource: Tool, context: { args: {}, server: { team: String } } };',
};
const read: string[] = [];
const readFile = async (name: string) => {
  read.push(name);
  const text = files[name];
  if (text === undefined) throw new Error('ENOENT');
  return text;
};

describe('cedarPolicyFromConfig', () => {
  it('reads the policies and the schema named by the entry and checks them', async () => {
    const policy = await cedarPolicyFromConfig<{ team: string }>(
      { policies: 'a.cedar', schema: 'a.cedarschema' },
      { readFile, context: (ctx) => ({ team: ctx.team }) },
    );
    expect((await policy(await inputFor('t', '{}', { team: 'ops' }))).type).toBe('allow');
    expect((await policy(await inputFor('t', '{}', { team: 'dev' }))).reason).toBe(
      'cedar_no_permit',
    );
  });

  it.each([
    [{ policies: 'a.cedar', schemas: 'x' }, { readFile }],
    ['', { readFile }],
    [{ policies: 1 }, { readFile }],
    ['a.cedar', { readFile, contxt: () => ({}) }],
    ['a.cedar', {}],
  ])('%j with %j is invalid_cedar_options, no file read', async (entry, options) => {
    read.length = 0;
    await expect(cedarPolicyFromConfig(entry, options as never)).rejects.toMatchObject({
      code: 'invalid_cedar_options',
    });
    expect(read).toEqual([]);
  });

  it('a missing file rejects with the reader’s error', async () => {
    await expect(cedarPolicyFromConfig('missing.cedar', { readFile })).rejects.toThrow('ENOENT');
  });

  it('isCedarConfigEntry accepts a file name or { policies, schema? } only', () => {
    expect(isCedarConfigEntry('a.cedar')).toBe(true);
    expect(isCedarConfigEntry({ policies: 'a.cedar' })).toBe(true);
    expect(isCedarConfigEntry({ policies: 'a.cedar', schema: '' })).toBe(false);
    expect(isCedarConfigEntry(['a.cedar'])).toBe(false);
    expect(isCedarConfigEntry(null)).toBe(false);
  });
});
