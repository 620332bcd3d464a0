import type { JsonValue } from '@argseal/core';
import {
  decodeCanonical,
  type PresentedField,
  type ProposalPresentation,
  type ReasonMessages,
  reasonMessage,
} from '@argseal/core/data';
import { formatField, valueAt } from './format-value.js';
import { type DisplayWarning, hiddenCharacterWarnings } from './hidden-warnings.js';
import { changedPaths, leaves } from './leaves.js';
import { prettyCanonical, reveal } from './reveal.js';
import { parseTemplate } from './summary-template.js';

/** One row of the labelled field table. */
interface DisplayField {
  path: string;
  label: string;
  value: string;
  /** A rewrite changed this field (the original request had another value). */
  rewritten?: { original: string };
  /** Differs from the last approved call of the same tool. */
  changedSinceApproved?: { previous: string };
}

/** What the page shows for a proposal, computed on the server from what runs. */
export interface ProposalDisplay {
  title: string;
  /** One sentence, e.g. `Refund 120.00 EUR on order A-1001`. */
  summary: string;
  fields: DisplayField[];
  /** Server-context labels (customer, conversation, requester), never model-filled. */
  context: { key: string; label: string; value: string }[];
  contextUnavailable: boolean;
  reason: { code: string; message?: string };
  warnings: (DisplayWarning & { label: string })[];
  risk?: 'high';
  /** Canonical JSON re-indented; hidden characters as `\u` escapes (the same value). */
  argumentsJson: string;
  originalJson?: string;
  /** Id of the approved call compared against, when there is one. */
  comparedWith?: string;
}

const CONTEXT_LABELS: Record<string, string> = {
  customer: 'Customer',
  conversation: 'Conversation',
  requester: 'Requested by',
};
const MAX_SUMMARY_VALUE = 80;

function presentationOf(value: unknown): ProposalPresentation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const p = value as ProposalPresentation;
  return p.version === 1 ? p : undefined;
}

function clip(text: string): string {
  return text.length > MAX_SUMMARY_VALUE ? `${text.slice(0, MAX_SUMMARY_VALUE - 1)}…` : text;
}

function labelOf(path: string): string {
  return path.slice(1).replace(/~1/g, '/').replace(/~0/g, '~') || '(arguments)';
}

/** Declared fields first (in declared order), then every other leaf in canonical order. */
function tableFields(declared: PresentedField[], args: JsonValue): PresentedField[] {
  const seen = new Set(declared.map((f) => f.path));
  const rest = [...leaves(args).keys()]
    .filter((path) => !seen.has(path) && ![...seen].some((d) => path.startsWith(`${d}/`)))
    .map((path) => ({ path }));
  return [...declared, ...rest];
}

export interface RenderInput {
  argsCanonicalJson: string;
  originalArguments?: string | undefined;
  tool: string;
  reason: string;
  presentation?: unknown;
}

/**
 * Renders a proposal for an approver: sentence, labelled fields, context labels, reason
 * message, warnings about hidden characters, and the fields a rewrite changed or that differ
 * from `previous` (the last approved call of the same tool).
 */
export function renderProposal(
  p: RenderInput,
  options: {
    reasonMessages: readonly ReasonMessages[];
    previous?: { id: string; argsCanonicalJson: string };
  },
): ProposalDisplay {
  const args = decodeCanonical(p.argsCanonicalJson);
  const presentation = presentationOf(p.presentation);
  const declared = presentation?.fields ?? [];
  const byPath = new Map(declared.map((f) => [f.path, f]));
  const show = (path: string, tree: JsonValue) => formatField(byPath.get(path) ?? { path }, tree);
  const original =
    p.originalArguments !== undefined ? decodeCanonical(p.originalArguments) : undefined;
  const rewritten = original !== undefined ? changedPaths(original, args) : new Set<string>();
  const previous = options.previous
    ? decodeCanonical(options.previous.argsCanonicalJson)
    : undefined;
  const sinceApproved = previous !== undefined ? changedPaths(previous, args) : new Set<string>();
  const fields = tableFields(declared, args).flatMap((f): DisplayField[] => {
    const present = valueAt(args, f.path) !== undefined;
    const row: DisplayField = {
      path: f.path,
      label: f.label ?? labelOf(f.path),
      value: present ? show(f.path, args) : '(not given)',
    };
    // a money field also reads differently when its currency changed
    const watched = [f.path, ...(f.currencyPath ? [f.currencyPath] : [])];
    const touches = (set: Set<string>) =>
      [...set].some((c) =>
        watched.some((w) => c === w || c.startsWith(`${w}/`) || w.startsWith(`${c}/`)),
      );
    if (original !== undefined && touches(rewritten))
      row.rewritten = { original: show(f.path, original) };
    if (previous !== undefined && touches(sinceApproved))
      row.changedSinceApproved = { previous: show(f.path, previous) };
    // a declared optional field the call leaves out is listed only when that is a change
    return present || row.rewritten || row.changedSinceApproved ? [row] : [];
  });
  const template = presentation?.summary;
  const summary = template
    ? parseTemplate(template)
        .map((part) => ('text' in part ? part.text : clip(show(part.field, args))))
        .join('')
    : `${p.tool} with ${fields
        .map((f) => `${f.label} ${clip(f.value)}`)
        .slice(0, 3)
        .join(', ')}`;
  const message = reasonMessage(p.reason, options.reasonMessages);
  return {
    title: presentation?.title ?? p.tool,
    summary: reveal(summary).text,
    fields,
    context: Object.entries(presentation?.context ?? {}).map(([key, value]) => ({
      key,
      label: CONTEXT_LABELS[key] ?? key,
      value: reveal(String(value)).text,
    })),
    contextUnavailable: presentation?.contextUnavailable === true,
    reason: { code: reveal(p.reason).text, ...(message ? { message } : {}) },
    warnings: hiddenCharacterWarnings(args).map((w) => ({
      ...w,
      label: byPath.get(w.path)?.label ?? labelOf(w.path),
    })),
    ...(presentation?.risk === 'high' ? { risk: 'high' as const } : {}),
    argumentsJson: prettyCanonical(p.argsCanonicalJson),
    ...(p.originalArguments !== undefined
      ? { originalJson: prettyCanonical(p.originalArguments) }
      : {}),
    ...(options.previous ? { comparedWith: options.previous.id } : {}),
  };
}
