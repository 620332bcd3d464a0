/** A JSON value in argseal's strict domain. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object in argseal's strict domain. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A deep-readonly JSON value, as returned by `createSnapshot` (from `@argseal/core/data`). */
export type ReadonlyJsonValue =
  | null
  | boolean
  | number
  | string
  | readonly ReadonlyJsonValue[]
  | { readonly [key: string]: ReadonlyJsonValue };
