import type { JsonObject } from '@argseal/core';
import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * The schema of a host tool as argseal sees it: any JSON object (the host validates its own
 * tools' inputs; argseal binds and decides on exactly what the host will run).
 */
export const objectSchema: StandardSchemaV1<unknown, JsonObject> = {
  '~standard': {
    version: 1,
    vendor: 'argseal-hooks',
    validate(value) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return { value: value as JsonObject };
      }
      return { issues: [{ message: 'expected an object', path: [] }] };
    },
  },
};
