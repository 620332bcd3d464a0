// The audit trail: plain wording per event, the selected call's records by default, the
// chain's verification status and head.
import { api } from './api.js';
import { $, el, shortHash, time } from './dom.js';

/** Most records the page keeps in memory. */
const KEEP = 1000;

/** " (2 of 2 approvals)" for a four-eyes decision, else ''. */
function count(r) {
  const a = r.data?.approvals;
  return a && Number.isInteger(a.received) && Number.isInteger(a.required)
    ? ` (${a.received} of ${a.required} approvals)`
    : '';
}

/**
 * Polls `/api/audit` incrementally: the first call reads the newest 200 records, later calls
 * only records after the highest `seq` the page has (the server verifies incrementally too).
 * Polls run one at a time and a record is kept once per `seq`: a refresh started while another
 * was in flight (a decision, a hash change, the timer) used to ask for the same `after` twice
 * and show the new records twice.
 */
export function createAuditFeed() {
  let records = [];
  let last = -1;
  let queue = Promise.resolve();
  async function once() {
    const audit = await api(`/api/audit?limit=200${last >= 0 ? `&after=${last}` : ''}`);
    if (audit.total <= last) {
      // the trail got shorter than what the page shows: start over (verification says why)
      records = [];
      last = -1;
      return once();
    }
    const fresh = audit.records.filter((r) => Number.isInteger(r.seq) && r.seq > last);
    records = [...fresh, ...records].slice(0, KEEP);
    if (records.length > 0) last = records[0].seq;
    return { audit, records };
  }
  return function poll() {
    const run = queue.then(once, once);
    queue = run.catch(() => undefined);
    return run;
  };
}

const DECISIONS = {
  allow: 'allow',
  deny: 'deny',
  require_approval: 'require approval',
  approve: 'approve',
  reject: 'reject',
};

/** What happened, in words: "approved by alice", "consumed by agent support-agent", … */
export function eventText(r) {
  const agent = r.agent ? `agent ${r.agent}` : 'the agent';
  switch (r.type) {
    case 'proposed':
      return 'call proposed';
    case 'decided':
      return `policy: ${DECISIONS[r.decision] ?? r.decision ?? '?'}${r.mode === 'shadow' ? ' (shadow)' : ''}`;
    case 'approval_requested':
      return 'approval requested';
    case 'approval_granted':
      return `approved by ${r.approver ?? '?'}${count(r)}`;
    case 'approval_voted':
      return `approved by ${r.approver ?? '?'}${count(r)}; more approvals needed`;
    case 'approval_rejected':
      return r.approver ? `rejected by ${r.approver}` : 'rejected';
    case 'approval_consumed':
      return `consumed by ${agent}`;
    case 'approval_mismatched':
      return 'arguments changed since the approval';
    case 'approval_expired':
      return 'approval expired';
    case 'executed':
      return `executed by ${agent}`;
    case 'failed':
      return 'failed';
    case 'rewritten':
      return 'arguments rewritten';
    case 'shadow':
      return 'shadow mode: not blocked';
    case 'invalid':
      return 'refused: invalid arguments';
    case 'tool_definition_observed':
      return `tool definition ${r.data?.previousHash ? 'changed' : 'new'}: withheld`;
    case 'tool_definition_approved':
      return `tool definition approved by ${r.approver ?? '?'}`;
    case 'tool_definition_rejected':
      return `tool definition rejected by ${r.approver ?? '?'}`;
    default:
      return String(r.type);
  }
}

function detail(r) {
  const parts = [];
  if (r.reason) parts.push(r.reason);
  if (r.error?.code) parts.push(`${r.error.stage ?? ''} ${r.error.code}`.trim());
  if (r.note) parts.push(`note: ${r.note}`);
  return parts.join(' · ');
}

/** Records about proposal `p` (by id or hash), or all when `p` is null. */
export function forProposal(records, p) {
  if (!p) return records;
  return records.filter(
    (r) => r.proposalId === p.id || (r.proposalHash && r.proposalHash === p.proposalHash),
  );
}

function cell(label, content) {
  const td = el('td');
  td.dataset.label = label;
  if (content instanceof Node) td.append(content);
  else td.textContent = content ?? '';
  return td;
}

export function renderAudit(audit, records) {
  const badge = $('audit-status');
  const v = audit.verification;
  badge.textContent = v.ok
    ? `chain verified · ${audit.total} records`
    : `CHAIN BROKEN at record ${v.index}: ${v.reason}`;
  badge.className = v.ok ? 'badge ok' : 'badge bad';
  badge.dataset.verified = v.ok ? 'true' : 'false';
  const head = $('audit-head');
  head.replaceChildren();
  // one convention with the # column and `argseal audit verify`: records count from 0, so
  // the head of a chain of N records is record N − 1
  const length = v.length ?? audit.total;
  if (v.ok && v.head && length > 0)
    head.append('head ', shortHash(v.head), ` at record ${length - 1} (${length} records)`);
  $('audit-body').replaceChildren(
    ...records.map((r) => {
      const tr = el('tr');
      tr.dataset.type = r.type;
      tr.append(
        cell('#', r.seq),
        cell('Time', time(r.at)),
        cell('Event', eventText(r)),
        cell('Agent', r.agent ?? ''),
        cell('Tool', r.tool ?? ''),
        cell('Detail', detail(r)),
        cell('Submitted by', typeof r.data?.submittedBy === 'string' ? r.data.submittedBy : ''),
        cell('Hash', shortHash(r.hash)),
      );
      return tr;
    }),
  );
}
