import type { JsonValue, PolicyDecision, ToolPolicy, ToolPolicyInput } from '@argseal/core';
import type { EntityJson, EntityUidJson, Schema } from '@cedar-policy/cedar-wasm/nodejs';
import { cedar } from './cedar-wasm.js';
import { checkEntities, compilePolicySet } from './compile.js';
import { type CedarReason, cedarDecision, toDecision } from './decision.js';
import { CedarPolicyError } from './errors.js';
import { type CedarValue, toCedarRecord, toCedarValue } from './to-cedar-value.js';

/** A Cedar entity reference: `{ type: 'Tool', id: 'pay' }` is `Tool::"pay"`. */
export interface CedarEntityRef {
  type: string;
  id: string;
}

/** Options of {@link cedarPolicy}. Unknown keys throw `invalid_cedar_options`. */
export interface CedarPolicyOptions<C = unknown> {
  /**
   * Cedar policy text (ids from each policy's `@id("…")`, else `policy0`, `policy1`, … by
   * position), or a record of id → the text of one policy.
   */
  policies: string | Readonly<Record<string, string>>;
  /**
   * Cedar schema (text or its JSON form). With one, the policies are validated against it at
   * setup and every request is validated against it before evaluation (an invalid request
   * denies `cedar_request_invalid`). Strongly recommended.
   */
  schema?: Schema;
  /** Entities (Cedar's JSON entity format): a fixed list, checked at setup, or read per call. */
  entities?:
    | readonly EntityJson[]
    | ((
        context: C,
        input: ToolPolicyInput<C>,
      ) => readonly EntityJson[] | Promise<readonly EntityJson[]>);
  /** The resource of the request. Default `Tool::"<tool name>"`. */
  resource?: (input: ToolPolicyInput<C>) => CedarEntityRef;
  /**
   * The application's (server) context, a JSON record placed at `context.server`. Never
   * model-filled: read identity and scope from your server context here. Default `{}`. A
   * value that is not a JSON record, or that has no exact Cedar value, denies the call.
   */
  context?: (context: C, input: ToolPolicyInput<C>) => unknown;
  /** Rule name in decision traces. Default `cedar`. */
  name?: string;
}

const KEYS: ReadonlySet<string> = new Set([
  'policies',
  'schema',
  'entities',
  'resource',
  'context',
  'name',
]);

function invalid(message: string): CedarPolicyError {
  return new CedarPolicyError('invalid_cedar_options', `cedarPolicy: ${message}`);
}

function checkOptions(options: unknown): asserts options is CedarPolicyOptions<unknown> {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw invalid('options are required');
  for (const key of Object.keys(options))
    if (!KEYS.has(key)) throw invalid(`unknown option "${key}"`);
  const o = options as Record<string, unknown>;
  const p = o.policies;
  if (typeof p !== 'string' && (typeof p !== 'object' || p === null || Array.isArray(p))) {
    throw invalid('policies must be Cedar text or a record of id to policy text');
  }
  if (
    o.schema !== undefined &&
    typeof o.schema !== 'string' &&
    (typeof o.schema !== 'object' || o.schema === null)
  ) {
    throw invalid('schema must be Cedar schema text or its JSON form');
  }
  if (o.entities !== undefined && !Array.isArray(o.entities) && typeof o.entities !== 'function') {
    throw invalid('entities must be an array or a function');
  }
  for (const key of ['resource', 'context'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'function')
      throw invalid(`${key} must be a function`);
  }
  if (o.name !== undefined && (typeof o.name !== 'string' || o.name === ''))
    throw invalid('name must be a non-empty string');
}

function isRef(value: unknown): value is CedarEntityRef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && v.type !== '' && typeof v.id === 'string';
}

/** Runs a step that may fail; a failure becomes the deny `code` (or the mapping error's code). */
async function step<T>(
  code: CedarReason,
  run: () => T | Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: CedarReason }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return {
      ok: false,
      code: CedarPolicyError.isInstance(error) ? (error.code as CedarReason) : code,
    };
  }
}

/**
 * An argseal policy written in Cedar. Each call becomes one Cedar request: principal
 * `Agent::"<agent>"`, action `Action::"<tool>"`, resource `Tool::"<tool>"` (or `resource`),
 * context `{ args: <the decoded canonical snapshot>, server: <context()> }`, each JSON value
 * mapped exactly or the call denied with the mapping's code (see {@link toCedarValue}).
 *
 * `forbid` denies (`cedar_forbid:<ids>`); `permit` allows (`cedar_permit:<ids>`); a matching
 * permit annotated `@approval("group")` (optionally `@approvals("2")`, `@excludeRequester`)
 * requires approval with that four-eyes rule (`cedar_approval:<ids>`); no matching permit
 * denies (`cedar_no_permit`); a policy that errors while evaluating denies
 * (`cedar_policy_error:<ids>`). Reasons carry Cedar policy ids, never argument values.
 *
 * Setup is synchronous and checks everything once: syntax, ids, annotations, the schema, the
 * policies against the schema, static entities. Failures throw {@link CedarPolicyError}.
 */
export function cedarPolicy<C = unknown>(options: CedarPolicyOptions<C>): ToolPolicy<C> {
  checkOptions(options);
  const set = compilePolicySet(options.policies, options.schema);
  const entitiesOption = options.entities;
  if (Array.isArray(entitiesOption)) checkEntities(entitiesOption, options.schema);
  const staticEntities = Array.isArray(entitiesOption)
    ? (JSON.parse(JSON.stringify(entitiesOption)) as EntityJson[])
    : [];
  const readEntities = typeof entitiesOption === 'function' ? entitiesOption : undefined;
  const readContext = options.context;
  const readResource = options.resource;
  const name = options.name ?? 'cedar';
  const c = cedar();
  const deny = (code: CedarReason): PolicyDecision => cedarDecision(name, 'deny', code);

  return async function cedarPolicy(input) {
    const args = await step('cedar_invalid_value', () => toCedarValue(input.parsedArguments));
    if (!args.ok) return deny(args.code);
    const server = await step('cedar_context_unavailable', async () =>
      readContext
        ? toCedarRecord((await readContext(input.context, input)) as JsonValue, '', 'context')
        : {},
    );
    if (!server.ok) return deny(server.code);
    const entities = await step('cedar_entities_unavailable', async () =>
      readEntities ? [...(await readEntities(input.context, input))] : staticEntities.slice(),
    );
    if (!entities.ok) return deny(entities.code);
    const resource = await step('cedar_resource_unavailable', () => {
      const ref = readResource ? readResource(input) : { type: 'Tool', id: input.tool };
      if (!isRef(ref)) throw new Error('resource');
      return { type: ref.type, id: ref.id } as EntityUidJson;
    });
    if (!resource.ok) return deny(resource.code);
    let answer: ReturnType<typeof c.statefulIsAuthorized>;
    try {
      answer = c.statefulIsAuthorized({
        principal: { type: 'Agent', id: input.agent },
        action: { type: 'Action', id: input.tool },
        resource: resource.value,
        context: { args: args.value, server: server.value } as Record<string, CedarValue>,
        preparsedPolicySetId: set.policySetId,
        ...(set.schemaName !== undefined
          ? { preparsedSchemaName: set.schemaName, validateRequest: true }
          : {}),
        entities: entities.value,
      });
    } catch {
      return deny('cedar_evaluation_error');
    }
    return toDecision(name, answer, set);
  };
}
