import { createAuthorizer } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alwaysAllow } from '../compose/constant.js';
import { assertNoScopeFields, findScopeFields } from './scope-fields.js';
import { defineScopedTool } from './scoped-tool.js';

const ALL = [
  '/account',
  '/accountId',
  '/owner',
  '/ownerId',
  '/tenant',
  '/tenantId',
  '/user',
  '/userId',
];
const at = (prefix: string) => ALL.map((p) => `${prefix}${p}`);
const scope = (ctx: { tenantId?: string } | undefined) => ctx?.tenantId;

/** Defines a scoped tool; returns the refusal code and how often execute ran. */
function define(
  schema: unknown,
  options: { allowPaths?: string[]; jsonSchema?: Record<string, unknown> } = {},
) {
  let executed = 0;
  try {
    const tool = defineScopedTool(
      {
        name: 'list_invoices',
        schema: schema as z.ZodType<Record<string, unknown>>,
        execute: () => {
          executed++;
          return 'ran';
        },
      },
      { scope, ...options },
    );
    return { code: undefined, tool, executed: () => executed };
  } catch (e) {
    return { code: (e as { code?: string }).code, message: String(e), executed: () => executed };
  }
}

describe('open objects declare every scope field name (zod)', () => {
  it.each([
    ['z.looseObject', z.looseObject({ status: z.string() }), at('')],
    ['.passthrough()', z.object({ status: z.string() }).passthrough(), at('')],
    ['.catchall()', z.object({ status: z.string() }).catchall(z.string()), at('')],
    ['z.record (nested)', z.object({ meta: z.record(z.string(), z.string()) }), at('/meta')],
    [
      'a loose object in an array',
      z.object({ lines: z.array(z.looseObject({ sku: z.string() })) }),
      at('/lines/*'),
    ],
  ])('%s is refused with scope_field_in_schema, nothing runs', (_name, schema, paths) => {
    expect(findScopeFields(schema)).toEqual(paths);
    const r = define(schema);
    expect(r.code).toBe('scope_field_in_schema');
    expect(r.message).toContain('open object');
    expect(r.executed()).toBe(0);
  });

  it('a record keyed by an enum declares only the listed names', () => {
    const schema = z.object({ m: z.partialRecord(z.enum(['note', 'tenantId']), z.string()) });
    expect(findScopeFields(schema)).toEqual(['/m/tenantId']);
    expect(
      findScopeFields(z.object({ m: z.partialRecord(z.enum(['a', 'b']), z.string()) })),
    ).toEqual([]);
  });

  it('scope fields inside record values are found', () => {
    const schema = z.object({ byId: z.record(z.string(), z.object({ ownerId: z.string() })) });
    expect(findScopeFields(schema)).toContain('/byId/*/ownerId');
  });

  it('z.object and z.strictObject stay closed (z.object strips unknown keys before execute)', () => {
    expect(findScopeFields(z.object({ status: z.string() }))).toEqual([]);
    expect(findScopeFields(z.strictObject({ status: z.string() }))).toEqual([]);
  });

  it('an explicitly allowed path (or /path/*) lifts the refusal', () => {
    const schema = z.object({ meta: z.record(z.string(), z.string()) });
    expect(findScopeFields(schema, { allowPaths: ['/meta/*'] })).toEqual([]);
    expect(findScopeFields(schema, { allowPaths: ['/meta/tenantId'] })).toEqual(
      at('/meta').filter((p) => p !== '/meta/tenantId'),
    );
    // `*` for open names applies only at an open object, not to a declared scope field
    expect(findScopeFields(z.object({ tenantId: z.string() }), { allowPaths: ['/*'] })).toEqual([
      '/tenantId',
    ]);
  });

  it('regression: a model-filled tenantId in a loose object never reaches execute', async () => {
    // before: the tool was defined, and `{"tenantId":"evil"}` passed through to execute
    const r = define(z.looseObject({ status: z.string() }));
    expect(r.code).toBe('scope_field_in_schema');
    expect(r.tool).toBeUndefined();
    expect(r.executed()).toBe(0);
  });
});

describe('open objects declare every scope field name (raw JSON Schema)', () => {
  const opaque = {
    '~standard': { version: 1, vendor: 'x', validate: (v: unknown) => ({ value: v }) },
  };

  it.each([
    ['additionalProperties absent', { type: 'object', properties: { status: {} } }],
    ['additionalProperties: true', { type: 'object', properties: {}, additionalProperties: true }],
    ['additionalProperties: {}', { type: 'object', additionalProperties: {} }],
    [
      'additionalProperties: a schema',
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
    ['properties without a type', { properties: { status: {} } }],
  ])('%s is refused', (_name, jsonSchema) => {
    expect(findScopeFields(opaque, { jsonSchema })).toEqual(at(''));
    expect(() => assertNoScopeFields(opaque, { jsonSchema, tool: 't' })).toThrow(
      expect.objectContaining({ code: 'scope_field_in_schema' }),
    );
    expect(define(opaque, { jsonSchema }).executed()).toBe(0);
  });

  it('additionalProperties: false or unevaluatedProperties: false is closed', () => {
    const closed = { type: 'object', properties: { status: {} }, additionalProperties: false };
    expect(findScopeFields(opaque, { jsonSchema: closed })).toEqual([]);
    const unevaluated = {
      allOf: [{ type: 'object', properties: { a: {} } }],
      unevaluatedProperties: false,
      type: 'object',
    };
    // the allOf branch alone is open: JSON Schema applies unevaluatedProperties at the top only
    expect(findScopeFields(opaque, { jsonSchema: unevaluated })).toEqual(at(''));
    expect(
      findScopeFields(opaque, {
        jsonSchema: { type: 'object', properties: { a: {} }, unevaluatedProperties: false },
      }),
    ).toEqual([]);
  });

  it('nested open objects are reported at their path; a closed tool definition works', async () => {
    const jsonSchema = {
      type: 'object',
      additionalProperties: false,
      properties: { filter: { type: 'object', properties: { q: {} } } },
    };
    expect(findScopeFields(opaque, { jsonSchema })).toEqual(at('/filter'));
    const ok = define(z.object({ status: z.string() }));
    expect(ok.code).toBeUndefined();
    const authorizer = createAuthorizer<{ tenantId?: string }>({
      agent: 'a',
      policy: alwaysAllow(),
    });
    const out = await authorizer.call(ok.tool!, '{"status":"open","tenantId":"evil"}', {
      toolCallId: 'c1',
      context: { tenantId: 't_1' },
    });
    expect(out).toMatchObject({ status: 'executed', result: 'ran' });
  });
});
