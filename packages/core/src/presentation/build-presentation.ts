import type { JsonObject } from '../json/types.js';
import type { CompiledPresentation } from './compile-presentation.js';
import type { ProposalPresentation } from './types.js';

/** Most context labels a proposal carries. */
export const MAX_CONTEXT_LABELS = 16;
/** Longest context label value; longer values are cut to this many characters. */
export const MAX_CONTEXT_VALUE = 200;
const LABEL_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** Server-context labels: string, number and boolean values under short keys; the rest is dropped. */
function contextLabels(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  let n = 0;
  for (const [key, value] of Object.entries(raw)) {
    if (n >= MAX_CONTEXT_LABELS) break;
    if (!LABEL_KEY.test(key)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      continue;
    const text = String(value);
    if (text === '') continue;
    out[key] = text.length > MAX_CONTEXT_VALUE ? `${text.slice(0, MAX_CONTEXT_VALUE - 1)}…` : text;
    n++;
  }
  return out;
}

/**
 * The `presentation` a suspended proposal carries: the tool's display metadata, labels read
 * from the call's server context by the tool's `context` function (never from arguments),
 * and the risk the policy marked. Undefined when there is nothing to show. Never hashed.
 */
export function buildProposalPresentation(
  compiled: CompiledPresentation<any> | undefined,
  call: { context: unknown; risk?: unknown },
): JsonObject | undefined {
  const risk = call.risk === 'high' || compiled?.static.risk === 'high';
  if (!compiled && !risk) return undefined;
  const out: ProposalPresentation = { ...(compiled?.static ?? { version: 1 }) };
  if (compiled?.static.fields) out.fields = compiled.static.fields.map((f) => ({ ...f }));
  if (compiled?.context) {
    try {
      const labels = contextLabels(compiled.context(call.context));
      if (Object.keys(labels).length > 0) out.context = labels;
    } catch {
      out.contextUnavailable = true;
    }
  }
  if (risk) out.risk = 'high';
  return out as unknown as JsonObject;
}
