// The list of calls: rows with sentence, context and age; filters, search and paging.

import { STATUS_LABELS } from './detail.js';
import { $, age, el, setText } from './dom.js';
import { progressText } from './progress.js';

export const PAGE_SIZE = 20;
const HEADINGS = {
  pending: 'Waiting for a decision',
  approved: 'Approved, not yet executed',
  consumed: 'Executed',
  rejected: 'Rejected',
  expired: 'Expired',
  all: 'All calls',
};

/** The list's query string from the filter controls and the page offset. */
export function listQuery(offset) {
  const params = new URLSearchParams({
    status: $('f-status').value,
    limit: String(PAGE_SIZE),
    offset: String(offset),
  });
  const q = $('f-search').value.trim();
  if (q) params.set('q', q);
  if ($('f-tool').value) params.set('tool', $('f-tool').value);
  if ($('f-agent').value) params.set('agent', $('f-agent').value);
  return `/api/proposals?${params}`;
}

function fillSelect(id, values, anyLabel) {
  const select = $(id);
  const current = select.value;
  const wanted = ['', ...values];
  const have = [...select.options].map((o) => o.value);
  if (wanted.length === have.length && wanted.every((v, i) => v === have[i])) return;
  select.replaceChildren(
    ...wanted.map((v) => {
      const option = el('option', v === '' ? anyLabel : v);
      option.value = v;
      return option;
    }),
  );
  select.value = wanted.includes(current) ? current : '';
}

function row(p, selected) {
  const li = el('li');
  const a = el('a');
  a.href = `#/p/${encodeURIComponent(p.id)}`;
  a.dataset.proposalId = p.id;
  if (p.id === selected) {
    a.className = 'selected';
    a.setAttribute('aria-current', 'true');
  }
  const d = p.display;
  const head = el('span', '', 'prow-head');
  head.append(el('span', d.title, 'ptool'), el('span', age(p.createdAt), 'page'));
  a.append(head, el('span', d.summary, 'psummary'));
  const meta = el('span', '', 'pmeta');
  for (const c of d.context) meta.append(el('span', `${c.label}: ${c.value}`, 'pctx'));
  meta.append(el('span', `agent ${p.agent}`, 'pagent'));
  a.append(meta);
  const badges = el('span', '', 'pbadges');
  if (p.status !== 'pending')
    badges.append(el('span', STATUS_LABELS[p.status] ?? p.status, `badge ${p.status}`));
  if (d.risk === 'high') badges.append(el('span', 'high risk', 'badge bad'));
  if (d.warnings > 0) badges.append(el('span', 'hidden characters', 'badge bad'));
  if (p.originalArguments !== undefined) badges.append(el('span', 'rewritten', 'badge warn'));
  const progress = progressText(p);
  if (progress) badges.append(el('span', progress, 'badge warn'));
  if (badges.childElementCount > 0) a.append(badges);
  a.append(el('span', d.reason.message ?? d.reason.code, 'preason'));
  li.append(a);
  return li;
}

/** Renders one page of the list. */
export function renderList(result, selected) {
  fillSelect('f-tool', result.tools, 'any tool');
  fillSelect('f-agent', result.agents, 'any agent');
  $('pending-list').replaceChildren(...result.proposals.map((p) => row(p, selected)));
  setText('list-heading', HEADINGS[result.status] ?? 'Calls');
  setText('pending-count', result.total);
  const empty = $('list-empty');
  empty.hidden = result.total !== 0;
  empty.textContent =
    result.status === 'pending' && !$('f-search').value && !$('f-tool').value && !$('f-agent').value
      ? 'No proposals are waiting for a decision.'
      : 'No calls match.';
  const from = result.total === 0 ? 0 : result.offset + 1;
  const to = Math.min(result.offset + result.proposals.length, result.total);
  setText('page-info', `${from}–${to} of ${result.total}`);
  $('page-prev').disabled = result.offset === 0;
  $('page-next').disabled = to >= result.total;
}

/** Ids in the order shown, for j/k. */
export function shownIds() {
  return [...document.querySelectorAll('#pending-list a[data-proposal-id]')].map(
    (a) => a.dataset.proposalId,
  );
}
