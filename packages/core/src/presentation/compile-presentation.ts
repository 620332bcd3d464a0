import { ArgsealConfigError } from '../errors.js';
import { parseJsonPointer, toJsonPointer } from '../json/json-pointer.js';
import { isWellFormedString } from '../json/strict-domain.js';
import type {
  PresentationFormat,
  PresentedField,
  ProposalPresentation,
  ToolPresentation,
} from './types.js';

const FORMATS: readonly PresentationFormat[] = [
  'text',
  'money',
  'number',
  'date',
  'datetime',
  'id',
  'boolean',
];
/** Most fields a tool may describe. */
export const MAX_PRESENTED_FIELDS = 64;
const MAX_TEXT = 300;

/** A tool's presentation checked once by `defineTool`: the static part as JSON, plus the context reader. */
export interface CompiledPresentation<Context = unknown> {
  readonly static: Readonly<ProposalPresentation>;
  readonly context: ((context: Context) => unknown) | undefined;
}

function fail(tool: string, what: string): never {
  throw new ArgsealConfigError(
    'invalid_presentation',
    `defineTool "${tool}": presentation ${what}`,
  );
}

function text(tool: string, value: unknown, what: string, max = MAX_TEXT): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > max || !isWellFormedString(value))
    fail(tool, `${what} must be a non-empty string of at most ${max} characters`);
  return value;
}

/** A top-level field name or a JSON Pointer, as a JSON Pointer. */
function pointer(tool: string, name: unknown, what: string): string {
  if (typeof name !== 'string' || name === '') fail(tool, `${what} must name a field`);
  if (!name.startsWith('/')) return toJsonPointer([name]);
  try {
    parseJsonPointer(name);
  } catch {
    fail(tool, `${what} is not a valid JSON Pointer`);
  }
  return name;
}

function field(tool: string, name: string, spec: unknown): PresentedField {
  if (typeof spec !== 'object' || spec === null) fail(tool, `field "${name}" must be an object`);
  const s = spec as Record<string, unknown>;
  const out: PresentedField = { path: pointer(tool, name, 'field name') };
  const label = text(tool, s.label, `field "${name}" label`, 100);
  if (label !== undefined) out.label = label;
  if (s.format !== undefined) {
    if (!FORMATS.includes(s.format as PresentationFormat))
      fail(tool, `field "${name}" format must be one of ${FORMATS.join(', ')}`);
    out.format = s.format as PresentationFormat;
  }
  if (s.currencyField !== undefined)
    out.currencyPath = pointer(tool, s.currencyField, `field "${name}" currencyField`);
  if (s.currency !== undefined) {
    if (typeof s.currency !== 'string' || !/^[A-Z]{3}$/.test(s.currency))
      fail(tool, `field "${name}" currency must be an ISO 4217 code such as EUR`);
    out.currency = s.currency;
  }
  if (out.format === 'money' && !out.currencyPath && !out.currency)
    fail(tool, `field "${name}" (money) needs currencyField or currency`);
  return out;
}

/**
 * Checks a tool's presentation once, when the tool is defined.
 *
 * @throws {ArgsealConfigError} `invalid_presentation`.
 */
export function compilePresentation<Context>(
  tool: string,
  presentation: ToolPresentation<Context> | undefined,
): CompiledPresentation<Context> | undefined {
  if (presentation === undefined) return undefined;
  if (typeof presentation !== 'object' || presentation === null) fail(tool, 'must be an object');
  const p = presentation as Record<string, unknown>;
  const out: ProposalPresentation = { version: 1 };
  const title = text(tool, p.title, 'title', 100);
  if (title !== undefined) out.title = title;
  const summary = text(tool, p.summary, 'summary');
  if (summary !== undefined) out.summary = summary;
  if (p.fields !== undefined) {
    if (typeof p.fields !== 'object' || p.fields === null) fail(tool, 'fields must be an object');
    const entries = Object.entries(p.fields as Record<string, unknown>);
    if (entries.length > MAX_PRESENTED_FIELDS)
      fail(tool, `fields may describe at most ${MAX_PRESENTED_FIELDS} fields`);
    out.fields = entries.map(([name, spec]) => field(tool, name, spec));
  }
  if (p.risk !== undefined) {
    if (p.risk !== 'high') fail(tool, 'risk must be "high" when given');
    out.risk = 'high';
  }
  if (p.context !== undefined && typeof p.context !== 'function')
    fail(tool, 'context must be a function of the server context');
  return Object.freeze({
    static: Object.freeze(out),
    context: p.context as ((context: Context) => unknown) | undefined,
  });
}
