import type { DetailedError } from '@cedar-policy/cedar-wasm/nodejs';
import { type Cedar, cedar } from './cedar-wasm.js';
import { CedarPolicyError } from './errors.js';

/** Policy ids name Cedar policies in decisions and audit: a small, printable alphabet. */
const POLICY_ID = /^[A-Za-z0-9_.:-]{1,128}$/u;
const MAX_APPROVALS = 10;

/** What a permit asks of approvers when it matches (from its annotations). */
interface ApprovalAnnotation {
  group?: string;
  required: number;
  excludeRequester?: boolean;
}

/** One parsed static policy: its id, text, effect and approval annotation. */
export interface ParsedPolicy {
  id: string;
  text: string;
  effect: 'permit' | 'forbid';
  approval: ApprovalAnnotation | undefined;
}

/** Cedar's diagnostics as one line: the message, then its help when there is one. */
export function describeErrors(errors: readonly DetailedError[]): string {
  return errors.map((e) => (e.help ? `${e.message} (${e.help})` : e.message)).join('; ');
}

function parts(text: string, c: Cedar, id?: string): string[] {
  const answer = c.policySetTextToParts(text);
  if (answer.type === 'failure') {
    const what = id === undefined ? 'policies do not parse' : `policy "${id}" does not parse`;
    throw new CedarPolicyError(
      'cedar_syntax_error',
      `cedar: ${what}: ${describeErrors(answer.errors)}`,
      id === undefined ? {} : { policyId: id },
    );
  }
  if (answer.policy_templates.length > 0) {
    throw new CedarPolicyError(
      'cedar_templates_unsupported',
      'cedar: templates are not supported, write static policies',
    );
  }
  return answer.policies;
}

/** An annotation's value: `''` for a bare `@name` (Cedar reports null), undefined when absent. */
function annotation(annotations: Record<string, string | null>, key: string): string | undefined {
  return Object.hasOwn(annotations, key) ? (annotations[key] ?? '') : undefined;
}

function approvalOf(
  id: string,
  effect: string,
  annotations: Record<string, string | null>,
): ApprovalAnnotation | undefined {
  const group = annotation(annotations, 'approval');
  const count = annotation(annotations, 'approvals');
  const exclude = annotation(annotations, 'excludeRequester');
  if (group === undefined && count === undefined && exclude === undefined) return undefined;
  const bad = (what: string) =>
    new CedarPolicyError('cedar_invalid_annotation', `cedar policy "${id}": ${what}`, {
      policyId: id,
    });
  if (effect !== 'permit') throw bad('approval annotations belong on a permit, not a forbid');
  if (group === undefined)
    throw bad('@approvals and @excludeRequester need an @approval annotation');
  if (group.length > 200 || (group !== '' && group.trim() === ''))
    throw bad('@approval must name a group of 1 to 200 characters, or be empty');
  let required = 1;
  if (count !== undefined) {
    if (!/^[1-9][0-9]?$/u.test(count) || Number(count) > MAX_APPROVALS) {
      throw bad(`@approvals must be an integer from 1 to ${MAX_APPROVALS}`);
    }
    required = Number(count);
  }
  if (exclude !== undefined && exclude !== '' && exclude !== 'true') {
    throw bad('@excludeRequester takes no value (or "true")');
  }
  return {
    required,
    ...(group !== '' ? { group } : {}),
    ...(exclude !== undefined ? { excludeRequester: true } : {}),
  };
}

function parseOne(id: string, text: string, c: Cedar): ParsedPolicy {
  const answer = c.policyToJson(text);
  if (answer.type === 'failure') {
    throw new CedarPolicyError(
      'cedar_syntax_error',
      `cedar policy "${id}" does not parse: ${describeErrors(answer.errors)}`,
      {
        policyId: id,
      },
    );
  }
  const annotations = answer.json.annotations ?? {};
  const effect = answer.json.effect;
  return { id, text, effect, approval: approvalOf(id, effect, annotations) };
}

function checkId(id: string, seen: Set<string>): void {
  if (!POLICY_ID.test(id)) {
    throw new CedarPolicyError(
      'cedar_invalid_policy_id',
      'cedar: a policy id must be 1 to 128 characters of A-Z a-z 0-9 _ . : -',
    );
  }
  if (seen.has(id)) {
    throw new CedarPolicyError(
      'cedar_invalid_policy_id',
      `cedar: two policies have the id "${id}"`,
      { policyId: id },
    );
  }
  seen.add(id);
}

/**
 * Splits Cedar policy text (or a record of id → one policy's text) into static policies with
 * ids: a policy's `@id("…")` annotation, else `policy0`, `policy1`, … by position. Syntax
 * errors, templates, duplicate or unprintable ids and malformed approval annotations throw
 * {@link CedarPolicyError}.
 */
export function parsePolicies(policies: string | Readonly<Record<string, string>>): ParsedPolicy[] {
  const c = cedar();
  const seen = new Set<string>();
  const out: ParsedPolicy[] = [];
  if (typeof policies === 'string') {
    parts(policies, c).forEach((text, i) => {
      const json = c.policyToJson(text);
      const annotated =
        json.type === 'success' ? annotation(json.json.annotations ?? {}, 'id') : undefined;
      const id = annotated ?? `policy${i}`;
      checkId(id, seen);
      out.push(parseOne(id, text, c));
    });
  } else {
    for (const [id, text] of Object.entries(policies)) {
      checkId(id, seen);
      if (typeof text !== 'string') {
        throw new CedarPolicyError(
          'invalid_cedar_options',
          `cedar policy "${id}" must be a string`,
          { policyId: id },
        );
      }
      const split = parts(text, c, id);
      if (split.length !== 1) {
        throw new CedarPolicyError(
          'cedar_syntax_error',
          `cedar policy "${id}" must hold exactly one policy`,
          { policyId: id },
        );
      }
      out.push(parseOne(id, split[0]!, c));
    }
  }
  if (out.length === 0) {
    throw new CedarPolicyError(
      'invalid_cedar_options',
      'cedar: the policy set is empty (everything would be denied)',
    );
  }
  return out;
}

/**
 * The ids of the static policies in `policies` (see `parsePolicies`), in order; throws
 * {@link CedarPolicyError} as `cedarPolicy` would for text that does not parse.
 */
export function cedarPolicyIds(policies: string | Readonly<Record<string, string>>): string[] {
  return parsePolicies(policies).map((p) => p.id);
}
