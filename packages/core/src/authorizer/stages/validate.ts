import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ToolArgumentsValidationError } from '../../errors.js';
import { toJsonPointer } from '../../json/json-pointer.js';
import type { ArgsealTool } from '../../tool/types.js';

type Result = StandardSchemaV1.Result<unknown>;

function issuePath(issue: StandardSchemaV1.Issue): string {
  return toJsonPointer(
    (issue.path ?? []).map((p) =>
      typeof p === 'object' && p !== null ? String((p as { key: PropertyKey }).key) : String(p),
    ),
  );
}

function schemaThrew(tool: string): ToolArgumentsValidationError {
  return new ToolArgumentsValidationError({
    stage: 'schema',
    code: 'schema_threw',
    path: '',
    tool,
  });
}

/**
 * Stage `schema`, first half: the tool's Standard Schema runs exactly once, on a fresh
 * copy nobody else holds. A schema that throws (or whose promise rejects) refuses the call
 * `schema_threw`. An asynchronous schema's result comes back as a native promise; a
 * plain result is returned as is (no microtask hop).
 */
export function runSchema(tool: ArgsealTool, input: unknown): Result | Promise<Result> {
  try {
    const r = tool.schema['~standard'].validate(input);
    // a thenable from any realm is awaited; only a plain result skips the hop
    if (typeof (r as { then?: unknown }).then === 'function') return settle(tool.name, r);
    return r as Result;
  } catch {
    throw schemaThrew(tool.name);
  }
}

async function settle(tool: string, pending: PromiseLike<Result> | Result): Promise<Result> {
  try {
    return await pending;
  } catch {
    throw schemaThrew(tool);
  }
}

/**
 * Stage `schema`, second half: the schema's output, or `schema_validation_failed` with
 * every issue's JSON Pointer path (its message only with `schemaIssueMessages`: some
 * validators quote the received value).
 */
export function schemaOutput(tool: string, result: Result, issueMessages: boolean): unknown {
  if (!result.issues) return result.value;
  const issues = result.issues.map((i) =>
    issueMessages ? { message: i.message, path: issuePath(i) } : { path: issuePath(i) },
  );
  throw new ToolArgumentsValidationError({
    stage: 'schema',
    code: 'schema_validation_failed',
    path: issues[0]?.path ?? '',
    tool,
    issues,
  });
}
