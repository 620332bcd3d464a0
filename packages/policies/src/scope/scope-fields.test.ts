import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PolicyConfigError } from '../errors.js';
import {
  assertNoScopeFields,
  findScopeFields,
  findScopeFieldsInJsonSchema,
} from './scope-fields.js';

describe('findScopeFields with zod 4 (Standard JSON Schema)', () => {
  it('finds scope fields at any depth, in any spelling', () => {
    const schema = z.object({
      amount: z.number(),
      tenant_id: z.string(),
      nested: z.object({ OwnerId: z.string() }),
      lines: z.array(z.object({ 'user-id': z.string(), sku: z.string() })),
      either: z.union([z.object({ account: z.string() }), z.object({ note: z.string() })]),
    });
    expect(findScopeFields(schema)).toEqual([
      '/either/account',
      '/lines/*/user-id',
      '/nested/OwnerId',
      '/tenant_id',
    ]);
  });

  it('finds nothing in a clean schema', () => {
    expect(findScopeFields(z.object({ amount: z.number(), memo: z.string().optional() }))).toEqual(
      [],
    );
  });

  it('honours configured names and allowPaths', () => {
    const schema = z.object({
      workspaceId: z.string(),
      members: z.array(z.object({ userId: z.string() })),
    });
    expect(findScopeFields(schema, { fields: ['workspaceId'] })).toEqual(['/workspaceId']);
    expect(findScopeFields(schema, { allowPaths: ['/members/*/userId'] })).toEqual([]);
    expect(findScopeFields(schema)).toEqual(['/members/*/userId']);
  });

  it('reads a recursive schema without looping', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(node) }),
    );
    const schema = z.object({ root: node, ownerId: z.string() });
    expect(findScopeFields(schema)).toEqual(['/ownerId']);
  });
});

describe('findScopeFieldsInJsonSchema', () => {
  it('walks $ref, $defs, prefixItems, allOf and patternProperties', () => {
    const closed = { additionalProperties: false };
    const json = {
      $defs: { who: { type: 'object', properties: { userId: { type: 'string' } }, ...closed } },
      type: 'object',
      ...closed,
      properties: {
        a: { $ref: '#/$defs/who' },
        t: {
          type: 'array',
          prefixItems: [{ type: 'object', properties: { tenant: {} }, ...closed }],
        },
        m: { allOf: [{ properties: { account_id: {} }, ...closed }] },
        p: { type: 'object', patternProperties: { '^.*Id$': { type: 'string' } }, ...closed },
        q: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, ...closed },
        self: { $ref: '#' },
      },
    };
    expect(findScopeFieldsInJsonSchema(json, ['userId', 'tenant', 'accountId', 'ownerId'])).toEqual(
      ['/a/userId', '/m/account_id', '/p/^.*Id$', '/t/0/tenant'],
    );
  });
});

describe('assertNoScopeFields', () => {
  it('throws scope_field_in_schema naming tool and paths, never values', () => {
    const err = (() => {
      try {
        assertNoScopeFields(z.object({ tenantId: z.literal('secret-tenant') }), {
          tool: 'list_invoices',
        });
      } catch (e) {
        return e as PolicyConfigError;
      }
    })();
    expect(PolicyConfigError.isInstance(err)).toBe(true);
    expect(err?.code).toBe('scope_field_in_schema');
    expect(err?.message).toContain('list_invoices');
    expect(err?.message).toContain('/tenantId');
    expect(err?.message).not.toContain('secret-tenant');
  });

  it('falls back to the object shape when no JSON Schema is exposed', () => {
    const base = z.object({ userId: z.string(), inner: z.object({ account: z.string() }) });
    const shapeOnly = {
      '~standard': { version: 1, vendor: 'x', validate: () => ({ value: {} }) },
      shape: base.shape,
    };
    expect(findScopeFields(shapeOnly)).toEqual(['/inner/account', '/userId']);
    const throwing = {
      '~standard': {
        version: 1,
        vendor: 'x',
        validate: () => ({ value: {} }),
        jsonSchema: {
          input: () => {
            throw new Error('unsupported');
          },
        },
      },
      entries: { ownerId: {} },
    };
    expect(findScopeFields(throwing)).toEqual(['/ownerId']);
  });

  it('refuses a schema it cannot inspect unless jsonSchema is given', () => {
    const opaque = { '~standard': { version: 1, vendor: 'x', validate: () => ({ value: {} }) } };
    expect(() => findScopeFields(opaque)).toThrow(
      expect.objectContaining({ code: 'scope_schema_uninspectable' }),
    );
    const jsonSchema = { properties: { accountId: {} }, additionalProperties: false };
    expect(findScopeFields(opaque, { jsonSchema })).toEqual(['/accountId']);
    expect(() => findScopeFields(opaque, { jsonSchema: [] as never })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('refuses bad field options', () => {
    const s = z.object({ a: z.string() });
    expect(() => findScopeFields(s, { fields: [] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => findScopeFields(s, { allowPaths: ['a'] })).toThrow(
      expect.objectContaining({ code: 'invalid_json_pointer' }),
    );
  });
});
