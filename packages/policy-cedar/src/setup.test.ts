import { describe, expect, it, vi } from 'vitest';
import { inputFor, SCENARIO_POLICIES, SCENARIO_SCHEMA } from './__fixtures__/scenarios.js';
import { cedar } from './cedar-wasm.js';
import { CedarPolicyError, type CedarPolicyErrorCode, cedarPolicy } from './index.js';

function setupError(run: () => unknown): CedarPolicyError {
  try {
    run();
  } catch (error) {
    expect(CedarPolicyError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(CedarPolicyError);
    return error as CedarPolicyError;
  }
  throw new Error('expected a setup error');
}

const schema = SCENARIO_SCHEMA;

describe('cedarPolicy: checked once at setup', () => {
  it('a syntax error names the code and Cedar’s message', () => {
    const e = setupError(() =>
      cedarPolicy({ policies: 'permit(principal, action, resource) when { context.x ' }),
    );
    expect(e.code).toBe('cedar_syntax_error');
    expect(e.message).toMatch(/not parse: unexpected end of input/u);
  });

  it('a syntax error in one policy of a record names its id', () => {
    const e = setupError(() =>
      cedarPolicy({
        policies: {
          good: 'permit(principal, action, resource);',
          bad: 'permit(principal, act, resource);',
        },
      }),
    );
    expect(e.code).toBe('cedar_syntax_error');
    expect(e.message).toContain('"bad"');
    expect(e.policyId).toBe('bad');
  });

  it('an unknown attribute is a validation error with the policy id and Cedar’s hint', () => {
    const e = setupError(() =>
      cedarPolicy({
        schema,
        policies:
          '@id("typo")\npermit(principal, action == Action::"pay", resource) when { context.args.amout > 1 };',
      }),
    );
    expect(e.code).toBe('cedar_validation_error');
    expect(e.policyId).toBe('typo');
    expect(e.message).toContain('cedar policy "typo" does not validate');
    expect(e.message).toContain('amout');
    expect(e.message).toContain('did you mean `amount`?');
  });

  it('a type error is a validation error', () => {
    const e = setupError(() =>
      cedarPolicy({
        schema,
        policies:
          '@id("types")\npermit(principal, action == Action::"pay", resource) when { context.args has amount && context.args.amount == "5" };',
      }),
    );
    expect(e.code).toBe('cedar_validation_error');
    expect(e.policyId).toBe('types');
    expect(e.message).toMatch(/Long and String are not compatible/u);
  });

  it('an action the schema does not know is a validation error', () => {
    const e = setupError(() =>
      cedarPolicy({
        schema,
        policies: '@id("ghost")\npermit(principal, action == Action::"refund", resource);',
      }),
    );
    expect(e.code).toBe('cedar_validation_error');
    expect(e.policyId).toBe('ghost');
  });

  it.each<[string, unknown, CedarPolicyErrorCode]>([
    [
      'a schema that does not parse',
      { policies: SCENARIO_POLICIES, schema: 'entity Agent action;' },
      'cedar_schema_error',
    ],
    [
      'two policies with one id',
      {
        policies:
          '@id("a") permit(principal, action, resource);\n@id("a") forbid(principal, action, resource);',
      },
      'cedar_invalid_policy_id',
    ],
    [
      'a bare @id',
      { policies: '@id permit(principal, action, resource);' },
      'cedar_invalid_policy_id',
    ],
    [
      'an id with a comma',
      { policies: '@id("a,b") permit(principal, action, resource);' },
      'cedar_invalid_policy_id',
    ],
    [
      'an approval on a forbid',
      { policies: '@approval("x") forbid(principal, action, resource);' },
      'cedar_invalid_annotation',
    ],
    [
      '11 approvals',
      { policies: '@approval("x") @approvals("11") permit(principal, action, resource);' },
      'cedar_invalid_annotation',
    ],
    [
      'approvals not a number',
      { policies: '@approval("x") @approvals("two") permit(principal, action, resource);' },
      'cedar_invalid_annotation',
    ],
    [
      'approvals without approval',
      { policies: '@approvals("2") permit(principal, action, resource);' },
      'cedar_invalid_annotation',
    ],
    [
      'a blank group',
      { policies: '@approval("  ") permit(principal, action, resource);' },
      'cedar_invalid_annotation',
    ],
    [
      'a template',
      { policies: 'permit(principal == ?principal, action, resource);' },
      'cedar_templates_unsupported',
    ],
    ['an empty set', { policies: '// nothing\n' }, 'invalid_cedar_options'],
    [
      'an unknown option',
      { policies: SCENARIO_POLICIES, schemas: schema },
      'invalid_cedar_options',
    ],
    ['no options', undefined, 'invalid_cedar_options'],
    ['policies not text', { policies: 42 }, 'invalid_cedar_options'],
    ['a policy record value not text', { policies: { a: 1 } }, 'invalid_cedar_options'],
    [
      'resource not a function',
      { policies: SCENARIO_POLICIES, resource: 'Tool' },
      'invalid_cedar_options',
    ],
    ['an empty name', { policies: SCENARIO_POLICIES, name: '' }, 'invalid_cedar_options'],
    [
      'entities that do not match the schema',
      {
        policies: SCENARIO_POLICIES,
        schema,
        entities: [{ uid: { type: 'Nobody', id: 'x' }, attrs: {}, parents: [] }],
      },
      'cedar_entities_error',
    ],
  ])('%s throws %s', (_, options, code) => {
    expect(setupError(() => cedarPolicy(options as never)).code).toBe(code);
  });

  it('the error is an ArgsealError with its own brand', () => {
    const e = setupError(() => cedarPolicy({ policies: 'nope' }));
    expect(e.name).toBe('CedarPolicyError');
    expect(CedarPolicyError.isInstance(new Error('x'))).toBe(false);
    expect(CedarPolicyError.isInstance({ code: 'cedar_syntax_error' })).toBe(false);
  });

  it('evaluates on the pre-parsed set: no parsing or validation per call', async () => {
    const policy = cedarPolicy<Record<string, unknown>>({
      policies: SCENARIO_POLICIES,
      schema,
      context: (c) => c as never,
    });
    const c = cedar();
    const spies = (
      [
        'policySetTextToParts',
        'policyToJson',
        'validate',
        'checkParsePolicySet',
        'isAuthorized',
        'preparsePolicySet',
        'preparseSchema',
      ] as const
    ).map((name) => vi.spyOn(c, name));
    const stateful = vi.spyOn(c, 'statefulIsAuthorized');
    try {
      for (const amount of [1, 20000, 200000]) {
        await policy(await inputFor('pay', JSON.stringify({ amount, currency: 'USD' }), {}));
      }
      expect(stateful).toHaveBeenCalledTimes(3);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
