import type { StoredProposal } from '@argseal/core';
import { HttpError } from './http-errors.js';

/** Search and filters of `GET /api/proposals`, applied to a bounded window of the store. */
export interface ListQuery {
  tool?: string;
  agent?: string;
  q?: string;
  offset: number;
}

const MAX_QUERY = 200;

function optional(name: 'tool' | 'agent' | 'query', value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_QUERY)
    throw new HttpError(`invalid_${name}`, `${name} may be at most ${MAX_QUERY} characters`);
  return value;
}

/** Parses `?tool=&agent=&q=&offset=`. */
export function parseListQuery(query: (name: string) => string | undefined): ListQuery {
  const offsetText = query('offset') ?? '0';
  const offset = /^[0-9]{1,5}$/.test(offsetText) ? Number(offsetText) : Number.NaN;
  if (!Number.isSafeInteger(offset))
    throw new HttpError('invalid_offset', 'offset must be a non-negative integer');
  const out: ListQuery = { offset };
  const tool = optional('tool', query('tool'));
  const agent = optional('agent', query('agent'));
  const q = optional('query', query('q'));
  if (tool) out.tool = tool;
  if (agent) out.agent = agent;
  if (q) out.q = q.toLowerCase();
  return out;
}

/** True when `p` passes the tool and agent filters and the search text occurs in what is shown. */
export function matches(p: StoredProposal, query: ListQuery, shown: readonly string[]): boolean {
  if (query.tool && p.tool !== query.tool) return false;
  if (query.agent && p.agent !== query.agent) return false;
  if (!query.q) return true;
  const haystack = [p.id, p.tool, p.agent, p.reason, p.argsCanonicalJson, ...shown];
  return haystack.some((text) => text.toLowerCase().includes(query.q!));
}
