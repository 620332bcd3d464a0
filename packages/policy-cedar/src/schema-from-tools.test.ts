import { describe, expect, it } from 'vitest';
import { inputFor } from './__fixtures__/scenarios.js';
import { CedarPolicyError, cedarPolicy, cedarSchemaFromTools, cedarSchemaText } from './index.js';

const tools = [
  {
    name: 'pay',
    inputSchema: {
      type: 'object',
      properties: {
        amount: { type: 'integer' },
        currency: { type: 'string', enum: ['USD', 'JPY'] },
        note: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        payee: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
      required: ['amount', 'currency'],
      additionalProperties: false,
    },
  },
  { name: 'ping', inputSchema: { type: 'object' } },
];

describe('cedarSchemaFromTools', () => {
  it('generates a schema Cedar accepts, whose policies validate and whose requests check', async () => {
    const schema = cedarSchemaFromTools(tools, {
      server: { type: 'object', properties: { tenant: { type: 'string' } } },
    });
    const text = cedarSchemaText(schema);
    expect(text).toContain('action "pay"');
    expect(text).toMatch(/note\?: __cedar::String/u);
    expect(text).toMatch(/amount: __cedar::Long,/u);
    const policy = cedarPolicy({
      schema: text,
      policies: `@id("pay") permit(principal, action == Action::"pay", resource) when {
  context.args.amount <= 100 && context.args.currency == "USD" && context.args has payee && context.args.payee.id != "" };`,
    });
    expect(
      (await policy(await inputFor('pay', '{"amount":5,"currency":"USD","payee":{"id":"p"}}', {})))
        .type,
    ).toBe('allow');
    // an argument the tool schema does not declare fails request validation
    expect(
      (
        await policy(
          await inputFor('pay', '{"amount":5,"currency":"USD","payee":{"id":"p"},"x":1}', {}),
        )
      ).reason,
    ).toBe('cedar_request_invalid');
    // a policy naming an attribute the tool schema lacks fails at setup
    expect(() =>
      cedarPolicy({
        schema: text,
        policies:
          'permit(principal, action == Action::"pay", resource) when { context.args.amout > 1 };',
      }),
    ).toThrow(expect.objectContaining({ code: 'cedar_validation_error' }));
  });

  it.each([
    [
      [
        {
          name: 'x',
          inputSchema: {
            type: 'object',
            properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
          },
        },
      ],
      'cedar_schema_error',
      /"x".*\/a/u,
    ],
    [
      [{ name: 'x', inputSchema: { type: 'object', properties: { list: { type: 'array' } } } }],
      'cedar_schema_error',
      /\/list/u,
    ],
    [[{ name: '', inputSchema: {} }], 'invalid_cedar_options', /name/u],
    [
      [
        { name: 'a', inputSchema: { type: 'object' } },
        { name: 'a', inputSchema: { type: 'object' } },
      ],
      'invalid_cedar_options',
      /two tools/u,
    ],
  ])('refuses %j with %s', (bad, code, message) => {
    try {
      cedarSchemaFromTools(bad as never);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(CedarPolicyError.isInstance(error)).toBe(true);
      expect((error as CedarPolicyError).code).toBe(code);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('refuses unknown options', () => {
    expect(() => cedarSchemaFromTools(tools, { context: {} } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_cedar_options' }),
    );
  });
});
