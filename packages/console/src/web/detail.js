// The detail of one call: the sentence, warnings, reason, context, the labelled fields, four
// eyes progress, what happened to it, and the exact canonical JSON one click away.
import { $, age, el, setText, time } from './dom.js';
import { blockedFor, names, progressOf } from './progress.js';

/** Statuses in the approver's words. */
export const STATUS_LABELS = {
  pending: 'waiting for a decision',
  approved: 'approved, not run yet',
  consumed: 'approved and executed',
  rejected: 'rejected',
  expired: 'approval expired',
};

function fieldRow(f) {
  const tr = el('tr');
  const th = el('th', f.label);
  th.scope = 'row';
  const td = el('td');
  td.append(el('span', f.value, 'fvalue'));
  if (f.rewritten) {
    tr.classList.add('changed');
    td.append(
      el('span', `changed by a rewrite; the request said: ${f.rewritten.original}`, 'fnote warn'),
    );
  }
  if (f.changedSinceApproved) {
    tr.classList.add('changed');
    td.append(
      el(
        'span',
        `differs from the last approved call: ${f.changedSinceApproved.previous}`,
        'fnote',
      ),
    );
  }
  tr.append(th, td);
  return tr;
}

/** "approved by alice at …", "executed: consumed by agent support-agent", … */
export function outcomeText(p) {
  const votes = progressOf(p)?.approvers ?? [];
  const by =
    p.status !== 'rejected' && votes.length > 1 ? names(votes) : (p.decidedBy ?? 'an approver');
  const when = p.decidedAt ? ` at ${time(p.decidedAt)}` : '';
  const note = p.note ? `. Note: ${p.note}` : '';
  switch (p.status) {
    case 'approved':
      return `Approved by ${by}${when}; waiting for agent ${p.agent} to run it${note}`;
    case 'consumed':
      return `Approved by ${by}${when}; consumed by agent ${p.agent}, which ran it${note}`;
    case 'expired':
      return `Approved by ${by}${when}; the approval expired before agent ${p.agent} ran it${note}`;
    case 'rejected':
      return `Rejected by ${by}${when}; nothing ran${note}`;
    default:
      return '';
  }
}

function renderProgress(p, me, groups) {
  const g = progressOf(p);
  $('d-progress').hidden = !g;
  if (!g) return { approve: '', all: '' };
  setText(
    'd-progress-count',
    `${g.approvers.length} of ${g.required} approval${g.required === 1 ? '' : 's'}`,
  );
  setText(
    'd-progress-who',
    g.votes.length
      ? `approved by ${g.votes.map((v) => `${v.approver} (${time(v.at)})`).join(', ')}`
      : 'no approvals yet',
  );
  const rules = [`Needs ${g.required} different approver${g.required === 1 ? '' : 's'}`];
  if (g.group) rules.push(`from the group ${g.group}`);
  if (g.excludeRequester)
    rules.push(`the requester${g.requester ? ` (${g.requester})` : ''} cannot approve it`);
  setText('d-progress-rules', `${rules.join('; ')}.`);
  return blockedFor(p, me, groups);
}

/**
 * Shows proposal `p` with its server-rendered `display`; `me` is the signed-in approver and
 * `groups` their four-eyes groups.
 */
export function renderDetail(p, d, me, groups = []) {
  $('detail-empty').hidden = true;
  $('detail-body').hidden = false;
  setText('d-title', d.title);
  setText('d-summary', d.summary);
  const status = $('d-status');
  status.textContent = STATUS_LABELS[p.status] ?? p.status;
  status.className = `badge ${p.status}`;
  $('d-risk').hidden = d.risk !== 'high';
  $('d-rewritten').hidden = p.originalArguments === undefined;
  $('d-warnings').hidden = d.warnings.length === 0;
  $('d-warning-list').replaceChildren(
    ...d.warnings.map((w) => el('li', `${w.label}: ${w.message}`)),
  );
  setText('d-reason-message', d.reason.message ?? '');
  setText('d-reason', d.reason.code);
  const context = $('d-context');
  context.hidden = d.context.length === 0;
  context.replaceChildren(...d.context.flatMap((c) => [el('dt', c.label), el('dd', c.value)]));
  $('d-context-missing').hidden = !d.contextUnavailable;
  $('d-fields').replaceChildren(...d.fields.map(fieldRow));
  const highlighted = d.fields.some((f) => f.changedSinceApproved || f.rewritten);
  $('d-compared').hidden = !highlighted;
  setText(
    'd-compared',
    highlighted
      ? 'Highlighted: fields a rewrite changed, or that differ from the last approved call of this tool.'
      : '',
  );
  const blocked = renderProgress(p, me, groups);
  const decided = p.status !== 'pending';
  $('d-decided').hidden = !decided;
  setText('d-decided', outcomeText(p));
  $('decision-form').hidden = decided;
  const why = blocked.all || blocked.approve;
  $('d-blocked').hidden = !why;
  setText('d-blocked', why);
  $('approve').disabled = Boolean(why);
  $('reject').disabled = Boolean(blocked.all);
  setText('d-args', d.argumentsJson);
  $('d-rewrite').hidden = d.originalJson === undefined;
  setText('d-original', d.originalJson ?? '');
  setText('d-agent', p.agent);
  setText('d-tool-name', p.tool);
  setText('d-age', age(p.createdAt));
  setText('d-created', `(${time(p.createdAt)})`);
  setText('d-hash', p.proposalHash);
  const separate = p.bindingHash !== p.proposalHash;
  $('d-binding-label').hidden = !separate;
  $('d-binding-row').hidden = !separate;
  setText('d-binding', separate ? p.bindingHash : '');
  setText('d-id', p.id);
  setText('d-call', p.toolCallId);
}

export function clearDetail(message) {
  $('detail-body').hidden = true;
  $('detail-empty').hidden = false;
  setText('detail-empty', message ?? 'Select a call to see exactly what will run.');
}
