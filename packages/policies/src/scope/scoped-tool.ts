import {
  type ArgsealTool,
  defineTool,
  type ToolDefinition,
  type ToolExecutionContext,
} from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { assertNoScopeFields, type ScopeFieldOptions } from './scope-fields.js';

/** Execution context of a scoped tool: the server's scope sits beside the usual fields. */
export interface ScopedExecutionContext<Context, Scope> extends ToolExecutionContext<Context> {
  /** Scope read from the server context. Never from the model's arguments. */
  readonly scope: Scope;
}

/** Reads the server's scope from the server context; `undefined`/`null` means none. */
export type ScopeReader<Context, Scope> = (context: Context) => Scope | null | undefined;

/**
 * A tool definition for {@link defineScopedTool}: the same fields as `defineTool`'s, with an
 * `execute` that also receives the server's scope in `ctx.scope`.
 */
export interface ScopedToolDefinition<Input, Output, Context, Scope>
  extends Omit<ToolDefinition<Input, Output, Context>, 'execute'> {
  /** The tool body; runs only with a scope read from the server context. */
  execute: (input: Input, ctx: ScopedExecutionContext<Context, Scope>) => Output | Promise<Output>;
}

/**
 * Options of {@link defineScopedTool}: how to read the scope from the server context, plus
 * the {@link ScopeFieldOptions} used to refuse schemas that declare scope fields.
 */
export interface ScopedToolOptions<Context, Scope> extends ScopeFieldOptions {
  /** Reads the scope from the server context at execution; none throws `scope_missing`. */
  scope: ScopeReader<Context, Scope>;
}

/** Calls `read`; a throw, `undefined` or `null` throws `scope_missing`. */
export function readServerScope<Context, Scope>(
  read: ScopeReader<Context, Scope>,
  context: Context,
  tool: string,
): Scope {
  let scope: Scope | null | undefined;
  try {
    scope = read(context);
  } catch {
    scope = undefined;
  }
  if (scope === undefined || scope === null) {
    throw new PolicyConfigError(
      'scope_missing',
      `tool "${tool}": the server context carries no scope`,
    );
  }
  return scope;
}

/**
 * Defines a tool whose scope (owner, account, tenant, user) comes from the server, never
 * from the model. Refuses, at definition time, a schema that declares a scope field
 * (`scope_field_in_schema`) or that cannot be inspected (`scope_schema_uninspectable`).
 * At execution `ctx.scope` is read from the server context; a missing scope throws
 * `scope_missing` before the tool body runs. Pair it with {@link requireServerScope} so a
 * call without scope is denied by policy instead of failing at execution.
 */
export function defineScopedTool<Input, Output, Context = unknown, Scope = unknown>(
  definition: ScopedToolDefinition<Input, Output, Context, Scope>,
  options: ScopedToolOptions<Context, Scope>,
): ArgsealTool<Input, Output, Context> {
  if (typeof options !== 'object' || options === null || typeof options.scope !== 'function') {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'defineScopedTool: options.scope must be a function',
    );
  }
  const tool = typeof definition?.name === 'string' ? definition.name : '(unnamed)';
  if (typeof definition?.execute !== 'function') {
    throw new PolicyConfigError(
      'invalid_policy_options',
      `defineScopedTool "${tool}": execute must be a function`,
    );
  }
  assertNoScopeFields(definition.schema, { ...options, tool });
  const { execute, ...rest } = definition;
  const read = options.scope;
  return defineTool<Input, Output, Context>({
    ...rest,
    execute: (input, ctx) => {
      const scope = readServerScope(read, ctx.context, tool);
      return execute(input, { ...ctx, scope });
    },
  });
}
