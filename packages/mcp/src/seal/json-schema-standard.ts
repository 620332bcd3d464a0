import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { McpSealError } from '../errors.js';
import { linearRegExp } from './linear-regexp.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
// linearRegExp: `pattern` and `patternProperties` come from the upstream and run on model text
const OPTIONS: Options = {
  strict: false,
  allErrors: false,
  validateSchema: true,
  code: { regExp: linearRegExp },
};

/** Longest value the `url` format accepts (its regex is quadratic on long near-misses). */
export const MAX_URL_FORMAT_LENGTH = 2083;

/**
 * ajv-formats' `url` regex needs lookaheads (no linear-time form) and backtracks
 * quadratically on long near-misses (220 kB took 3.7 s): values over
 * {@link MAX_URL_FORMAT_LENGTH} fail the format before the regex runs.
 */
function boundUrlFormat(ajv: Ajv): void {
  const url = ajv.formats.url;
  if (!(url instanceof RegExp)) return;
  ajv.addFormat('url', {
    type: 'string',
    validate: (s: string) => s.length <= MAX_URL_FORMAT_LENGTH && url.test(s),
  });
}

type Dialect = 'draft-07' | '2019-09' | '2020-12';
const engines = new Map<Dialect, Ajv>();

function engine(dialect: Dialect): Ajv {
  let ajv = engines.get(dialect);
  if (!ajv) {
    const created =
      dialect === '2020-12'
        ? new Ajv2020(OPTIONS)
        : dialect === '2019-09'
          ? new Ajv2019(OPTIONS)
          : new Ajv(OPTIONS);
    ajv = addFormats(created as Ajv);
    boundUrlFormat(ajv);
    engines.set(dialect, ajv);
  }
  return ajv;
}

function dialectOf(schema: Record<string, unknown>): Dialect {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('2019-09')) return '2019-09';
  return 'draft-07';
}

/** JSON Pointer segments of an ajv instancePath ("/a/0" -> ["a", "0"]). */
function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function issuesOf(errors: readonly ErrorObject[] | null | undefined): StandardSchemaV1.Issue[] {
  const list = errors && errors.length > 0 ? errors : [{ instancePath: '', message: 'invalid' }];
  return list.map((e) => ({ message: e.message ?? 'invalid', path: segments(e.instancePath) }));
}

/**
 * An MCP tool's `inputSchema` (JSON Schema; draft-07 unless `$schema` names 2019-09 or
 * 2020-12) compiled by ajv and exposed as a Standard Schema v1, so core's pipeline parses
 * the arguments with it exactly once. Validation never changes the value (no defaults, no
 * coercion). Issue messages are ajv's ("must be string") and never quote values.
 *
 * @throws {McpSealError} `invalid_config` when ajv cannot compile the schema.
 */
export function jsonSchemaStandard(
  tool: string,
  schema: unknown,
): StandardSchemaV1<unknown, unknown> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new McpSealError(
      'invalid_config',
      `tool "${tool}": inputSchema must be a JSON Schema object`,
    );
  }
  let validate: ValidateFunction;
  try {
    validate = engine(dialectOf(schema as Record<string, unknown>)).compile(schema);
  } catch (cause) {
    throw new McpSealError('invalid_config', `tool "${tool}": inputSchema does not compile`, {
      cause,
    });
  }
  return {
    '~standard': {
      version: 1,
      vendor: 'argseal-ajv',
      validate(value) {
        return validate(value) ? { value } : { issues: issuesOf(validate.errors) };
      },
    },
  };
}

/**
 * True when ajv compiles `schema` (with the linear-time pattern engine). The check leaves
 * nothing in ajv's cache, so re-listing tools does not grow it.
 */
export function schemaCompiles(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const ajv = engine(dialectOf(schema as Record<string, unknown>));
  try {
    ajv.compile(schema);
    return true;
  } catch {
    return false;
  } finally {
    ajv.removeSchema(schema);
  }
}
