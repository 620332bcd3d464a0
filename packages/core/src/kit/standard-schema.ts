import type { StandardSchemaV1 } from '@standard-schema/spec';

/** One validation's answer: the value to use, or payload-free issues. */
export type SchemaVerdict<Output> =
  | { value: Output }
  | { issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey> }> };

/**
 * A Standard Schema (v1) from a validation function, for integrations whose tools carry
 * another kind of schema (a JSON Schema validator, an SDK's own schema objects).
 */
export function standardSchema<Output = unknown>(
  vendor: string,
  validate: (value: unknown) => SchemaVerdict<Output> | Promise<SchemaVerdict<Output>>,
): StandardSchemaV1<unknown, Output> {
  return { '~standard': { version: 1, vendor, validate } };
}
