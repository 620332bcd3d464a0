import { canonicalize } from '../json/canonicalize.js';
import { makeRefusal, type Refusal, type RefusalCode } from './refusal.js';

/**
 * Key of the placeholder arguments an adapter writes into history for a refused call
 * when the framework itself `JSON.parse`s history arguments (so the refusal text, which
 * is not JSON, would break the run): `{"argseal_invalid_arguments":{"code","path","stage"}}`,
 * never the payload. A placeholder is never executed.
 */
export const REFUSAL_PLACEHOLDER_KEY = 'argseal_invalid_arguments';

const STAGES = new Set(['decode', 'rewrite', 'schema', 'snapshot']);

/** The canonical placeholder text for a refused call (stage, code and path only). */
export function refusalPlaceholder(refusal: Refusal): string {
  const { stage, code, path = '' } = refusal;
  return canonicalize({ [REFUSAL_PLACEHOLDER_KEY]: { stage, code, path } });
}

/**
 * The refusal a placeholder stands for, from its text or its decoded value (as a
 * framework hands it on), or `undefined` when the value is no placeholder.
 */
export function readRefusalPlaceholder(
  value: unknown,
  where?: { tool?: string | undefined; toolCallId?: string | undefined },
): Refusal | undefined {
  let v = value;
  if (typeof v === 'string' && v.includes(REFUSAL_PLACEHOLDER_KEY)) {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (typeof v !== 'object' || v === null || Object.keys(v).length !== 1) return undefined;
  const facts = (v as Record<string, unknown>)[REFUSAL_PLACEHOLDER_KEY];
  const { stage, code, path } = (facts ?? {}) as Record<string, unknown>;
  if (typeof code !== 'string' || typeof path !== 'string') return undefined;
  const known = typeof stage === 'string' && STAGES.has(stage);
  const at = { code: code as RefusalCode, path };
  return makeRefusal({ ...at, stage: known ? (stage as Refusal['stage']) : 'decode' }, where);
}
