import { defineTool } from '@argseal/core';
import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestWorld } from './__fixtures__/world.js';
import { ArgsealAiSdkError, sealTools } from './index.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(ArgsealAiSdkError.isInstance(error)).toBe(true);
    return (error as ArgsealAiSdkError).code;
  }
  return undefined;
}

describe('sealTools configuration errors', () => {
  const { authorizer, tools } = createTestWorld();

  it('a tool named "__proto__" stays an own entry of the sealed set, never its prototype', () => {
    const plain = tool({ inputSchema: z.object({}), execute: async () => 'ran' });
    const sealed = sealTools({ ['__proto__']: plain }, { authorizer });
    expect(Object.hasOwn(sealed.tools, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(sealed.tools)).toBe(Object.prototype);
    const own = Object.getOwnPropertyDescriptor(sealed.tools, '__proto__')?.value;
    expect(typeof own?.execute).toBe('function');
  });

  it('tool_name_mismatch when a key differs from the argseal tool name', () => {
    expect(codeOf(() => sealTools({ give_money: tools.refund }, { authorizer }))).toBe(
      'tool_name_mismatch',
    );
  });

  it('tool_name_mismatch when an array holds the same name twice', () => {
    expect(codeOf(() => sealTools([tools.refund, tools.refund], { authorizer }))).toBe(
      'tool_name_mismatch',
    );
  });

  it('unsupported_tool for a tool without execute and for garbage entries', () => {
    const noExecute = tool({ inputSchema: z.object({}), outputSchema: z.string() });
    expect(codeOf(() => sealTools({ noExecute }, { authorizer }))).toBe('unsupported_tool');
    expect(codeOf(() => sealTools({ bad: 42 as never }, { authorizer }))).toBe('unsupported_tool');
  });

  it('unsupported_schema for a non-validating jsonSchema() and for missing schemas', () => {
    const loose = tool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'x' });
    expect(codeOf(() => sealTools({ loose }, { authorizer }))).toBe('unsupported_schema');
    const none = { execute: async () => 'x' } as never;
    expect(codeOf(() => sealTools({ none }, { authorizer }))).toBe('unsupported_schema');
  });

  it('messages name the tool and code, and error classes are argseal errors', () => {
    try {
      sealTools({ other: tools.lookup }, { authorizer });
    } catch (error) {
      expect((error as Error).message).toContain('"lookup"');
      expect((error as ArgsealAiSdkError).tool).toBe('lookup');
    }
  });

  it('accepts arrays, records and mixed argseal / plain tools', () => {
    const plain = tool({ inputSchema: z.object({ q: z.string() }), execute: async () => 'x' });
    const sealed = sealTools({ lookup: tools.lookup, plain }, { authorizer });
    expect(Object.keys(sealed.tools)).toEqual(['lookup', 'plain']);
    expect(Object.keys(sealTools([tools.lookup, tools.refund], { authorizer }).tools)).toEqual([
      'lookup',
      'refund',
    ]);
    const named = defineTool({ name: 'x', schema: z.object({}), execute: () => 1 });
    expect(sealTools([named], { authorizer }).tools.x?.description).toBeUndefined();
  });
});
