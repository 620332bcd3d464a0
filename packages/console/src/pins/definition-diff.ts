import type { JsonObject, JsonValue } from '@argseal/core';
import { canonicalize, parseStrictJson } from '@argseal/core/data';
import { PINNED_TOOL_FIELDS } from '@argseal/postgres';
import { type DisplayWarning, hiddenCharacterWarnings } from '../display/hidden-warnings.js';
import { prettyCanonical, reveal } from '../display/reveal.js';
import { type DiffPart, diffTokens, lineTokens, wordTokens } from './token-diff.js';

/** How one pinned field of a tool definition changed. */
export interface FieldDiff {
  /** `name`, `title`, `description`, `inputSchema`, `outputSchema` or `annotations`. */
  field: string;
  change: 'same' | 'added' | 'removed' | 'changed';
  /**
   * The field as the approved pin had it / as the new definition has it: strings with hidden
   * characters replaced by markers (`⟦U+202E⟧`), JSON re-indented with them escaped.
   */
  before?: string;
  after?: string;
  /** Word diff (strings) or line diff (JSON) from `before` to `after`, for changed fields. */
  parts?: DiffPart[];
}

/** What an approver sees of a pending definition: field by field against the current pin. */
export interface DefinitionDiff {
  /** `new`: the tool has no approved definition; `changed`: it differs from the pin. */
  kind: 'new' | 'changed';
  fields: FieldDiff[];
  /** Hidden characters in the new definition, by JSON Pointer. */
  warnings: DisplayWarning[];
}

function shown(value: JsonValue): string {
  return typeof value === 'string' ? reveal(value).text : prettyCanonical(canonicalize(value));
}

function parse(text: string): JsonObject {
  return parseStrictJson(text, { maxLength: text.length + 1 }) as JsonObject;
}

/** Diffs a pending definition (JCS text, as a pin store keeps it) against the approved one. */
export function diffDefinitions(next: string, previous: string | undefined): DefinitionDiff {
  const after = parse(next);
  const before = previous === undefined ? undefined : parse(previous);
  const fields: FieldDiff[] = [];
  for (const field of PINNED_TOOL_FIELDS) {
    const a = before?.[field];
    const b = after[field];
    if (a === undefined && b === undefined) continue;
    const d: FieldDiff = { field, change: 'same' };
    if (a !== undefined) d.before = shown(a);
    if (b !== undefined) d.after = shown(b);
    if (before === undefined || a === undefined) d.change = 'added';
    else if (b === undefined) d.change = 'removed';
    else if (canonicalize(a) !== canonicalize(b)) {
      d.change = 'changed';
      const tokens = typeof a === 'string' && typeof b === 'string' ? wordTokens : lineTokens;
      d.parts = diffTokens(tokens(d.before!), tokens(d.after!));
    }
    fields.push(d);
  }
  return {
    kind: before === undefined ? 'new' : 'changed',
    fields,
    warnings: hiddenCharacterWarnings(after),
  };
}
