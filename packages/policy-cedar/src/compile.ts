import type { EntityJson, Schema } from '@cedar-policy/cedar-wasm/nodejs';
import { cedar } from './cedar-wasm.js';
import { CedarPolicyError } from './errors.js';
import { describeErrors, type ParsedPolicy, parsePolicies } from './policy-set.js';

/** A policy set parsed, validated and cached inside Cedar's WASM instance. */
export interface CompiledPolicySet {
  /** Id of the pre-parsed policy set in Cedar's cache. */
  policySetId: string;
  /** Name of the pre-parsed schema in Cedar's cache, when there is a schema. */
  schemaName: string | undefined;
  policies: ReadonlyMap<string, ParsedPolicy>;
}

/** Identical inputs share one cache entry; distinct inputs never share an id. */
const cache = new Map<string, string>();
let counter = 0;

function cacheId(kind: string, content: unknown): string {
  const key = `${kind}\u0000${JSON.stringify(content)}`;
  let id = cache.get(key);
  if (id === undefined) {
    counter += 1;
    id = `argseal-${kind}-${counter}`;
    cache.set(key, id);
  }
  return id;
}

/** Parses `schema` (Cedar schema text or its JSON form) or throws `cedar_schema_error`. */
function checkSchema(schema: Schema): void {
  const answer = cedar().checkParseSchema(schema);
  if (answer.type === 'failure') {
    throw new CedarPolicyError(
      'cedar_schema_error',
      `cedar: the schema does not parse: ${describeErrors(answer.errors)}`,
    );
  }
}

/**
 * Validates every policy against `schema` (Cedar's strict validator). The first policy with a
 * validation error throws `cedar_validation_error` with Cedar's message and the policy id.
 */
function validateAgainstSchema(policies: readonly ParsedPolicy[], schema: Schema): void {
  const staticPolicies = Object.fromEntries(policies.map((p) => [p.id, p.text]));
  const answer = cedar().validate({ schema, policies: { staticPolicies } });
  if (answer.type === 'failure') {
    throw new CedarPolicyError(
      'cedar_validation_error',
      `cedar: validation failed: ${describeErrors(answer.errors)}`,
    );
  }
  const [first] = answer.validationErrors;
  if (first) {
    throw new CedarPolicyError(
      'cedar_validation_error',
      `cedar policy "${first.policyId}" does not validate: ${describeErrors([first.error])}`,
      { policyId: first.policyId },
    );
  }
}

/** Checks static entities (against the schema when there is one), or throws `cedar_entities_error`. */
export function checkEntities(entities: readonly EntityJson[], schema: Schema | undefined): void {
  const answer = cedar().checkParseEntities({ entities: [...entities], schema: schema ?? null });
  if (answer.type === 'failure') {
    throw new CedarPolicyError(
      'cedar_entities_error',
      `cedar: the entities do not parse: ${describeErrors(answer.errors)}`,
    );
  }
}

/**
 * Parses the policies, checks the schema, validates the policies against it and pre-parses
 * both into Cedar's cache, once. Every failure throws {@link CedarPolicyError}.
 */
export function compilePolicySet(
  policiesInput: string | Readonly<Record<string, string>>,
  schema: Schema | undefined,
): CompiledPolicySet {
  const policies = parsePolicies(policiesInput);
  if (schema !== undefined) {
    checkSchema(schema);
    validateAgainstSchema(policies, schema);
  }
  const c = cedar();
  const staticPolicies = Object.fromEntries(policies.map((p) => [p.id, p.text]));
  const policySetId = cacheId('policies', staticPolicies);
  const parsed = c.preparsePolicySet(policySetId, { staticPolicies });
  if (parsed.type === 'failure') {
    throw new CedarPolicyError(
      'cedar_syntax_error',
      `cedar: policies do not parse: ${describeErrors(parsed.errors)}`,
    );
  }
  let schemaName: string | undefined;
  if (schema !== undefined) {
    schemaName = cacheId('schema', schema);
    const s = c.preparseSchema(schemaName, schema);
    if (s.type === 'failure') {
      throw new CedarPolicyError(
        'cedar_schema_error',
        `cedar: the schema does not parse: ${describeErrors(s.errors)}`,
      );
    }
  }
  return { policySetId, schemaName, policies: new Map(policies.map((p) => [p.id, p])) };
}
