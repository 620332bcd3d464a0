// argseal console page: entry point. Polls the API every two seconds; every value from the
// server is written with textContent (dom.js), never through an HTML sink.
import { api, setCsrf } from './api.js';
import { createAuditFeed, forProposal, renderAudit } from './audit.js';
import { clearDetail, renderDetail } from './detail.js';
import { $, setText } from './dom.js';
import { initKeys } from './keys.js';
import { listQuery, PAGE_SIZE, renderList } from './list.js';
import { initLogin } from './login.js';
import { initNotifications, notePending } from './notify.js';
import { initPins } from './pins.js';

const POLL_MS = 2000;
const pollAudit = createAuditFeed();
const state = {
  me: '',
  groups: [],
  selected: '',
  offset: 0,
  shown: null,
  timer: 0,
  busy: false,
  /** The decision the confirmation asks about. */
  asked: undefined,
  seq: 0,
};

function select(id) {
  state.selected = id;
  document.querySelector('main').dataset.selected = id ? 'true' : 'false';
}

function selectedFromHash() {
  const m = /^#\/p\/([^/]+)$/.exec(location.hash);
  return m ? decodeURIComponent(m[1]) : '';
}

async function loadDetail() {
  if (!state.selected) {
    state.shown = null;
    clearDetail();
    return;
  }
  try {
    const { proposal, display } = await api(`/api/proposals/${encodeURIComponent(state.selected)}`);
    if (proposal.id !== state.selected) return;
    if (state.shown?.proposal.id !== proposal.id) {
      $('d-json-box').open = false;
      $('d-note').value = '';
      setText('d-message', '');
      hideConfirm();
    }
    state.shown = { proposal, display };
    renderDetail(proposal, display, state.me, state.groups);
  } catch (error) {
    state.shown = null;
    clearDetail(`Cannot show this call: ${error.message}`);
  }
}

async function refresh() {
  clearTimeout(state.timer);
  // only the newest refresh renders: a slow older answer never overwrites a newer filter
  const mine = ++state.seq;
  try {
    const [list, pending, trail] = await Promise.all([
      api(listQuery(state.offset)),
      api(`/api/proposals?status=pending&limit=${PAGE_SIZE}`),
      pollAudit(),
    ]);
    if (mine !== state.seq) return;
    renderList(list, state.selected);
    notePending(pending.total, pending.proposals);
    await loadDetail();
    if (mine !== state.seq) return;
    const only = $('audit-only').checked && state.shown;
    renderAudit(trail.audit, forProposal(trail.records, only ? state.shown.proposal : null));
    setText('live-status', `live · updated ${new Date().toLocaleTimeString()}`);
    $('live-status').className = 'muted';
  } catch (error) {
    if (mine !== state.seq) return;
    setText('live-status', `offline: ${error.message}`);
    $('live-status').className = 'error';
  }
  state.timer = setTimeout(refresh, POLL_MS);
}

function hideConfirm() {
  $('confirm').hidden = true;
  state.asked = undefined;
}

/** What the approver reads after deciding; a four-eyes vote says how many are still missing. */
function decisionMessage(grant) {
  const verb = grant.decision === 'approve' ? 'Approved' : 'Rejected';
  const a = grant.approvals;
  if (grant.decision === 'approve' && a && a.received.length < a.required) {
    const left = a.required - a.received.length;
    return `${verb} by ${grant.approver}: ${a.received.length} of ${a.required} approvals. It needs ${left} more from another approver before it can run.`;
  }
  return `${verb} by ${grant.approver}.`;
}

async function send(decision) {
  const shown = state.shown;
  if (!shown || state.busy) return;
  const wasOpen = !$('confirm').hidden;
  hideConfirm();
  if (wasOpen) $(decision === 'approve' ? 'approve' : 'reject').focus();
  state.busy = true;
  const note = $('d-note').value.trim();
  setText('d-message', 'sending…');
  try {
    const result = await api(`/api/proposals/${encodeURIComponent(shown.proposal.id)}/decision`, {
      method: 'POST',
      body: {
        decision,
        proposalHash: shown.proposal.proposalHash,
        ttlMs: Number($('d-expiry').value),
        ...(note ? { note } : {}),
      },
    });
    setText('d-message', decisionMessage(result.grant));
    $('d-message').className = 'okmsg';
  } catch (error) {
    setText('d-message', `Refused (${error.code}): ${error.message}`);
    $('d-message').className = 'error';
  } finally {
    state.busy = false;
  }
  await refresh();
}

/**
 * Asks before deciding: every decision started from the keyboard (`a`, `r`, Enter or Space on
 * a button) and every approval of a high-risk call. One stray keystroke never decides; the
 * confirmation has the focus, Enter confirms and Esc cancels.
 */
function ask(decision) {
  const shown = state.shown;
  if (!shown) return;
  state.asked = decision;
  const high = decision === 'approve' && shown.display.risk === 'high';
  setText(
    'confirm-title',
    high
      ? 'Approve a high-risk call?'
      : decision === 'approve'
        ? 'Approve this call?'
        : 'Reject this call?',
  );
  setText(
    'confirm-text',
    high
      ? `${shown.display.summary}. The policy marks this call high-risk: check the fields above before you approve.`
      : `${shown.display.summary}. Press Enter to ${decision}, Esc to cancel.`,
  );
  setText('confirm-yes', decision === 'approve' ? 'Yes, approve' : 'Yes, reject');
  $('confirm-yes').className = decision;
  $('confirm').hidden = false;
  $('confirm-yes').focus();
}

/** A click on Approve or Reject: a pointer click decides, the keyboard asks first. */
function pressed(decision, event) {
  event.preventDefault();
  const shown = state.shown;
  if (!shown) return;
  const viaKeyboard = event.detail === 0;
  if (viaKeyboard || (decision === 'approve' && shown.display.risk === 'high'))
    return ask(decision);
  send(decision);
}

async function initConsole() {
  const session = await api('/api/session');
  setCsrf(session.csrfToken);
  state.me = session.approver;
  state.groups = Array.isArray(session.groups) ? session.groups : [];
  setText('whoami', session.approver);
  select(selectedFromHash());
  window.addEventListener('hashchange', () => {
    select(selectedFromHash());
    refresh();
  });
  // decisions start from the buttons' clicks; a submit by any other way decides nothing
  $('decision-form').addEventListener('submit', (event) => event.preventDefault());
  $('approve').addEventListener('click', (event) => pressed('approve', event));
  $('reject').addEventListener('click', (event) => pressed('reject', event));
  $('confirm-yes').addEventListener('click', () => send(state.asked ?? 'approve'));
  $('confirm-no').addEventListener('click', () => {
    hideConfirm();
    $('approve').focus();
  });
  let typingTimer = 0;
  $('f-search').addEventListener('input', () => {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      state.offset = 0;
      refresh();
    }, 250);
  });
  for (const id of ['f-status', 'f-tool', 'f-agent', 'audit-only'])
    $(id).addEventListener('change', () => {
      state.offset = 0;
      refresh();
    });
  $('page-prev').addEventListener('click', () => {
    state.offset = Math.max(0, state.offset - PAGE_SIZE);
    refresh();
  });
  $('page-next').addEventListener('click', () => {
    state.offset += PAGE_SIZE;
    refresh();
  });
  $('logout').addEventListener('click', async () => {
    await api('/api/session/logout', { method: 'POST' }).catch(() => null);
    location.assign('/login');
  });
  initNotifications();
  initKeys({
    selected: () => state.selected,
    approve: () => ask('approve'),
    reject: () => ask('reject'),
    cancel: hideConfirm,
  });
  await Promise.all([refresh(), initPins()]);
}

const page = document.body.dataset.page;
if (page === 'login') initLogin();
else if (page === 'console')
  initConsole().catch((error) => setText('live-status', `error: ${error.message}`));
